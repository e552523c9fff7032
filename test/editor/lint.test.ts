import { describe, expect, test } from 'vitest';
import type { TextEdit } from '../../src/diagnostics/index.js';
import { detectSyntax, lint } from '../../src/editor/syntax-entry.js';
import { catalog } from '../syntax/fixtures.js';

function covered(input: string): [string, string][] {
  return lint(input, catalog).diagnostics.map((d) => [d.code, input.slice(d.span!.start, d.span!.end)]);
}

function apply(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}

describe('detectSyntax', () => {
  test.each([
    ['[["price",1]]', 'wire'],
    ['  \n [ ]', 'wire'],
    ['%5B%5B%22price%22%2C1%5D%5D', 'wire'],
    ['%20%5B%5D', 'wire'],
    ['price = 1', 'infix'],
    ['', 'infix'],
    ['`[` = 1', 'infix'],
    ['%41 = 1', 'infix'],
    ['%E0%A4%A = 1', 'infix'],
  ])('%s -> %s', (input, syntax) => {
    expect(detectSyntax(input)).toBe(syntax);
  });
});

describe('lint', () => {
  test('infix: validation diagnostics point into the infix text', () => {
    const input = 'price < "20" and colour = "red" and title matches "red shoe"';
    const r = lint(input, catalog);
    expect(r.syntax).toBe('infix');
    expect(r.query).toBeUndefined();
    expect(covered(input)).toEqual([
      ['schema/type-mismatch', '"20"'],
      ['schema/unknown-field', 'colour'],
    ]);
  });

  test('infix: quick fixes of the validator are written in infix', () => {
    const input = 'price < "20" and colour = "red"';
    const [typeFix, fieldFix] = lint(input, catalog).diagnostics.map((d) => d.fixes![0]!);
    expect(apply(input, typeFix!.edits)).toBe('price < 20 and colour = "red"');
    expect(apply(input, fieldFix!.edits)).toBe('price < "20" and color = "red"');
  });

  test('infix: a valid query comes back with its warnings', () => {
    const r = lint('price < 5 and price > 10', catalog);
    expect(r.query?.clauses).toHaveLength(2);
    expect(r.diagnostics.every((d) => d.severity !== 'error')).toBe(true);
  });

  test('infix with syntax errors: clauses read are still checked, one by one', () => {
    const input = 'colour = 1 or colour = 2 and price = "x"';
    expect(covered(input).map(([c]) => c)).toEqual(['schema/unknown-field', 'syntax/no-or', 'schema/unknown-field', 'schema/type-mismatch']);
  });

  test('wire JSON: spans in the JSON text', () => {
    const input = '[["price","20"]]';
    expect(lint(input, catalog).syntax).toBe('wire');
    expect(covered(input)).toEqual([['schema/type-mismatch', '"20"']]);
  });

  test('percent-encoded wire: spans and fix edits in the encoded input', () => {
    const input = encodeURIComponent('[["price","20"],["colour","red"]]');
    const r = lint(input, catalog);
    expect(covered(input)).toEqual([
      ['schema/type-mismatch', '%2220%22'],
      ['schema/unknown-field', '%22colour%22'],
    ]);
    const fixed = apply(input, r.diagnostics[0]!.fixes![0]!.edits);
    expect(decodeURIComponent(fixed)).toBe('[["price",20],["colour","red"]]');
  });

  test('broken wire JSON is reported, not thrown', () => {
    const r = lint('[["price",', catalog);
    expect(r.query).toBeUndefined();
    expect(r.diagnostics.length).toBeGreaterThan(0);
  });
});
