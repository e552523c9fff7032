import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import { fixEdits, validate, wirePrinter, type SourcePrinter } from '../../src/check/index.js';
import { applyEdits, fromWireText, spannedWire, type WireClause } from '../support/spanned-wire.js';
import { catalog } from './fixture.js';

/** Queries with exactly one problem that has a quick fix. */
const fixable: [string, WireClause[]][] = [
  ['number as string', [['color', 'red'], ['price', '20']]],
  ['number as string in a range', [[['<', 'price'], '-1.5']]],
  ['string as number', [[['>=', 'color'], 7]]],
  ['boolean as string', [['in_stock', 'true']]],
  ['present? as string', [[['present?', 'meta'], 'false'], ['price', 1]]],
  ['a candidate as string', [[['one-of', 'sizes'], [1, '2', 3]]]],
  ['a scalar given to one-of', [[['one-of', 'color'], 'red']]],
  ['a list given to = (shorthand head)', [['price', 1], ['color', ['red', 'blue']]]],
  ['a list given to = (full head)', [[['=', 'color'], ['red', 'blue']]]],
  ['a number to matches', [[['matches', 'title'], 42]]],
  ['unknown field (shorthand)', [['prise', 5]]],
  ['unknown field (full)', [[['<', 'PRICE'], 5], ['color', 'x']]],
  ['duplicate (last)', [['price', 1], ['color', 'x'], ['price', 1]]],
  ['duplicate (middle)', [['price', 1], ['price', 1], ['color', 'x']]],
  ['implied (first)', [[['<', 'price'], 10], [['<', 'price'], 5]]],
  ['implied (first of two, nothing else)', [[['present?', 'price'], true], ['price', 1]]],
];

describe('quick fixes on wire text', () => {
  it.each(fixable)('%s: every fix applied gives a query that validates clean', (_name, clauses) => {
    for (const pretty of [false, true]) {
      const { text, query: q } = spannedWire(clauses, { pretty });
      const diagnostics = validate(q, catalog);
      expect(diagnostics).toHaveLength(1);
      const fixes = diagnostics[0]!.fixes ?? [];
      expect(fixes.length).toBeGreaterThan(0);
      for (const fix of fixes) {
        expect(fix.edits.length).toBeGreaterThan(0);
        const fixed = applyEdits(text, fix.edits);
        expect(validate(fromWireText(fixed), catalog)).toEqual([]);
        // The edits and the structural change agree.
        expect(fix.edits).toEqual(fixEdits(q, fix.change!, wirePrinter));
      }
    }
  });

  it('rewrites the head of a shorthand clause to change its operator', () => {
    const { text, query: q } = spannedWire([['color', ['red', 'blue']]]);
    const edits = fixEdits(q, { kind: 'set-operator', clause: 0, operator: 'one-of' }, wirePrinter);
    expect(applyEdits(text, edits)).toBe('[[["one-of","color"], ["red", "blue"]]]');
  });

  it('replaces only the operator of a full-form clause', () => {
    const { text, query: q } = spannedWire([[['<', 'price'], 5]]);
    expect(applyEdits(text, fixEdits(q, { kind: 'set-operator', clause: 0, operator: '>=' }, wirePrinter))).toBe('[[[">=", "price"], 5]]');
  });

  it('removes a clause with exactly one separator', () => {
    const { text, query: q } = spannedWire([['a', 1], ['b', 2], ['c', 3]]);
    const remove = (i: number) => applyEdits(text, fixEdits(q, { kind: 'remove-clause', clause: i }, wirePrinter));
    expect(remove(0)).toBe('[["b", 2], ["c", 3]]');
    expect(remove(1)).toBe('[["a", 1], ["c", 3]]');
    expect(remove(2)).toBe('[["a", 1], ["b", 2]]');
    const one = spannedWire([['a', 1]]);
    expect(applyEdits(one.text, fixEdits(one.query, { kind: 'remove-clause', clause: 0 }, wirePrinter))).toBe('[]');
  });

  it('replaces several clauses with one', () => {
    const { text, query: q } = spannedWire([['a', 1], ['b', 2], ['a', 3], ['a', 4]], { pretty: true });
    const edits = fixEdits(q, { kind: 'replace-clauses', clauses: [0, 2, 3], with: clause('one-of', 'a', [1, 3, 4]) }, wirePrinter);
    expect(JSON.parse(applyEdits(text, edits))).toEqual([[['one-of', 'a'], [1, 3, 4]], ['b', 2]]);
  });

  it('rewrites the whole clause when the printer has no operator or head writer', () => {
    const infixish: SourcePrinter = {
      field: (n) => n,
      value: (v) => JSON.stringify(v),
      clause: (c) => `${c.field} ${c.operator} ${JSON.stringify(c.value)}`,
      separator: ' and ',
    };
    const { text, query: q } = spannedWire([['color', ['x']]]);
    expect(applyEdits(text, fixEdits(q, { kind: 'set-operator', clause: 0, operator: 'one-of' }, infixish))).toBe('[color one-of ["x"]]');
  });

  it('gives no edits for a query without positions, and validate leaves them empty', () => {
    const q = query([clause('=', 'price', '20')]);
    expect(fixEdits(q, { kind: 'set-value', clause: 0, value: 20 }, wirePrinter)).toEqual([]);
    expect(fixEdits(q, { kind: 'remove-clause', clause: 5 }, wirePrinter)).toEqual([]);
    const [d] = validate(q, catalog);
    expect(d!.fixes).toEqual([{ title: expect.any(String), change: { kind: 'set-value', clause: 0, value: 20 }, edits: [] }]);
  });

  it('leaves edits empty for an infix query (lint writes them)', () => {
    const { query: wire } = spannedWire([['price', '20']]);
    const infix = query(wire.clauses, { syntax: 'infix' });
    expect(validate(infix, catalog)[0]!.fixes![0]!.edits).toEqual([]);
    expect(validate(wire, catalog)[0]!.fixes![0]!.edits).toHaveLength(1);
  });
});
