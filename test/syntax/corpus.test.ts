import { describe, expect, test } from 'vitest';
import { format, parse } from '../../src/syntax/index.js';
import { readCorpus } from './corpus.js';

describe('grammar/corpus/valid.txt', () => {
  const entries = readCorpus('valid');
  test('has examples, including the empty query', () => {
    expect(entries.length).toBeGreaterThan(30);
    expect(entries.some((e) => e.text === '')).toBe(true);
  });
  test.each(entries.map((e) => [`line ${e.line}: ${e.text}`, e] as const))('%s', (_, e) => {
    const r = parse(e.text);
    expect(r.diagnostics).toEqual([]);
    const q = r.query!;
    const canonical = format(q);
    expect(canonical).toBe(e.canonical ?? e.text);
    // The canonical form is a fixed point and means the same query.
    const again = parse(canonical);
    expect(again.diagnostics).toEqual([]);
    expect(format(again.query!)).toBe(canonical);
  });
});

describe('grammar/corpus/invalid.txt', () => {
  const entries = readCorpus('invalid');
  test('every example states its codes', () => {
    expect(entries.length).toBeGreaterThan(25);
    for (const e of entries) expect(e.codes, `line ${e.line}`).toBeDefined();
  });
  test.each(entries.map((e) => [`line ${e.line}: ${e.text}`, e] as const))('%s', (_, e) => {
    const r = parse(e.text);
    expect(r.query).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(e.codes);
    for (const d of r.diagnostics) {
      expect(d.span!.start).toBeGreaterThanOrEqual(0);
      expect(d.span!.end).toBeLessThanOrEqual(e.text.length);
      expect(d.span!.start).toBeLessThanOrEqual(d.span!.end);
    }
  });
});
