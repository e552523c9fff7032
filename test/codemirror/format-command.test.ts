/** The format command on a bare EditorState: canonical infix, canonical wire, canonical q. */
import { EditorState, type Transaction } from '@codemirror/state';
import { describe, expect, test } from 'vitest';
import { canonicalText, formatQuery } from '../../src/codemirror/index.js';
import { catalog } from '../syntax/fixtures.js';

/** Runs the command on `doc`; the new text, or undefined when it declined. */
function run(doc: string): string | undefined {
  const state = EditorState.create({ doc });
  let out: string | undefined;
  const done = formatQuery(catalog)({ state, dispatch: (tr: Transaction) => void (out = tr.state.doc.toString()) });
  return done ? out : undefined;
}

describe('formatQuery', () => {
  test('infix text becomes the canonical infix', () => {
    expect(run("price<20 and  color in ['red']\n and in_stock is present")).toBe('price < 20 and color one-of ["red"] and in_stock present? true');
  });

  test('wire text stays wire: plain JSON, or percent-encoded', () => {
    expect(run('[ ["brand" , "Acme"], [["<","price"], 2.50] ]')).toBe('[["brand","Acme"],[["<","price"],2.5]]');
    const encoded = run('%5B%5B%22brand%22%2C%20%22Acme%22%5D%5D');
    expect(encoded).toMatch(/^%5B/);
    expect(decodeURIComponent(encoded!)).toBe('[["brand","Acme"]]');
    expect(canonicalText(encoded!, catalog)).toBe(encoded);
  });

  test('declines while the query has errors, or when it is already canonical', () => {
    expect(run('price < "20"')).toBeUndefined();
    expect(run('price 20')).toBeUndefined();
    expect(run('price < 20')).toBeUndefined();
  });
});
