/**
 * Quick fixes against the real wire decoder: decode JSON text (in several layouts), validate,
 * apply each fix's edits to the decoded text, decode again: the result validates clean.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/check/index.js';
import { decode } from '../../src/wire/index.js';
import { applyEdits } from '../support/spanned-wire.js';
import { catalog } from './fixture.js';

const cases: [string, string][] = [
  ['number as string', '[["color","red"],["price","20"]]'],
  ['spaced and multi-line', '[\n  [ "color" , "red" ] ,\n  [ [ "<" , "price" ] , "-1.5" ]\n]'],
  ['present? as string', '[[["present?","meta"],"true"]]'],
  ['a candidate', '[[["one-of","sizes"],[1,"2",3]]]'],
  ['scalar to one-of', '[[["one-of","color"],"red"]]'],
  ['list to = in shorthand', '[ ["color", ["red","blue"]] ]'],
  ['list to = in full form', '[[["=","color"],["red","blue"]]]'],
  ['unknown field', '[["prise",5]]'],
  ['unknown field with emoji before', '[["title","😀"],[["<","PRICE"],5]]'],
  ['duplicate, last', '[["price",1],\n["color","x"],\n["price",1]]'],
  ['duplicate, first is kept', '[["price",1] , ["price",1]]'],
  ['implied, first goes', '[ [["<","price"],10] ,[["<","price"],5] ]'],
  ['boolean as string', '[["in_stock","false"]]'],
  ['number for matches', '[[["matches","title"],42]]'],
];

describe('quick fixes through decode', () => {
  it.each(cases)('%s', (_name, json) => {
    for (const input of [json, encodeURIComponent(json)]) {
      const first = decode(input);
      expect(first.diagnostics).toEqual([]);
      const diagnostics = validate(first.query!, catalog);
      expect(diagnostics).toHaveLength(1);
      const fixes = diagnostics[0]!.fixes ?? [];
      expect(fixes.length).toBeGreaterThan(0);
      for (const fix of fixes) {
        expect(fix.edits.length).toBeGreaterThan(0);
        const again = decode(applyEdits(first.text!, fix.edits));
        expect(again.diagnostics).toEqual([]);
        expect(validate(again.query!, catalog)).toEqual([]);
      }
    }
  });

  it('points at the decoded text of a percent-encoded query', () => {
    const { query, text } = decode(encodeURIComponent('[["price","20"]]'));
    const [d] = validate(query!, catalog);
    expect(text!.slice(d!.span!.start, d!.span!.end)).toBe('"20"');
    expect(d!.path).toBe('/0/1');
  });
});
