import { describe, expect, it } from 'vitest';
import { readListingParams } from '../../src/listing/index.js';

const codes = (r: { diagnostics: readonly { code: string }[] }) => r.diagnostics.map((d) => d.code);

describe('readListingParams', () => {
  it('defaults: empty query, limit 100, order asc, no boundary', () => {
    for (const p of [undefined, null, {}, { q: '' }, { q: null }]) {
      const r = readListingParams(p);
      expect(r.diagnostics).toEqual([]);
      expect(r.listing).toMatchObject({ limit: 100, order: 'asc' });
      expect(r.listing!.query.clauses).toEqual([]);
      expect(r.listing!.boundary).toBeUndefined();
      expect(r.listing!.comparison).toBeUndefined();
    }
  });

  it('a URLSearchParams with a name given more than once is an error naming it and the count (no value is picked)', () => {
    const r = readListingParams(new URLSearchParams('limit=5&q=%5B%5D&limit=50&limit=7&order=asc&order=asc'));
    expect(r.listing).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.path, d.message])).toEqual([
      ['listing/repeated-parameter', '/limit', 'The parameter "limit" is given 3 times; give it once.'],
      ['listing/repeated-parameter', '/order', 'The parameter "order" is given 2 times; give it once.'],
    ]);
    expect(codes(readListingParams(new URLSearchParams('limit=5&q=%5B%5D')))).toEqual([]);
  });

  it('reads q as percent-encoded text, plain JSON text, a parsed array, or a Query', () => {
    const wire = [['color', 'red'], [['<', 'price'], 20]];
    const forms = [encodeURIComponent(JSON.stringify(wire)), JSON.stringify(wire), wire];
    for (const q of forms) {
      const r = readListingParams({ q });
      expect(codes(r)).toEqual([]);
      expect(r.listing!.query.clauses.map((c) => [c.operator, c.field, c.value])).toEqual([
        ['=', 'color', 'red'],
        ['<', 'price', 20],
      ]);
    }
    const q = readListingParams({ q: wire }).listing!.query;
    expect(readListingParams({ q }).listing!.query).toBe(q);
  });

  it('passes wire diagnostics through for a bad q', () => {
    const r = readListingParams({ q: '[["a"' });
    expect(r.listing).toBeUndefined();
    expect(codes(r).every((c) => c.startsWith('wire/'))).toBe(true);
    expect(codes(r).length).toBeGreaterThan(0);
  });

  it('a bare boundary-id means comparison >', () => {
    expect(readListingParams({ 'boundary-id': 7 }).listing).toMatchObject({ boundary: 7, comparison: '>' });
    expect(readListingParams({ 'boundary-id': 'x', comparison: '<=' }).listing).toMatchObject({ boundary: 'x', comparison: '<=' });
  });

  it('keeps a string boundary-id a string unless numericStrings is on (and the text is canonical)', () => {
    expect(readListingParams({ 'boundary-id': '5' }, { numericStrings: false }).listing!.boundary).toBe('5');
    // Parameters that look like a URL's (every value a string) read canonical numbers by default;
    // typed parameters (a NextQuery object: limit is a number) keep the string.
    expect(readListingParams({ 'boundary-id': '5' }).listing!.boundary).toBe(5);
    expect(readListingParams({ 'boundary-id': '5', limit: 10 }).listing!.boundary).toBe('5');
    expect(readListingParams({ 'boundary-id': '5' }, { numericStrings: true }).listing!.boundary).toBe(5);
    expect(readListingParams({ 'boundary-id': '1e+21' }, { numericStrings: true }).listing!.boundary).toBe(1e21);
    for (const s of ['05', '5.0', '-0', ' 5', 'Infinity', 'NaN', '0x10']) {
      expect(readListingParams({ 'boundary-id': s }, { numericStrings: true }).listing!.boundary).toBe(s);
    }
  });

  it('reads limit as a number or decimal text, 1..1000', () => {
    expect(readListingParams({ limit: 1 }).listing!.limit).toBe(1);
    expect(readListingParams({ limit: '1000' }).listing!.limit).toBe(1000);
    for (const bad of [0, 1001, 1.5, -1, '0', '1e2', '10.0', ' 5', '', NaN, Infinity, true, null, [5]]) {
      expect(codes(readListingParams({ limit: bad }))).toEqual(['listing/limit-out-of-range']);
    }
  });

  it('a limit written in another notation says which digits to send; other bad limits do not', () => {
    const message = (limit: unknown) => readListingParams({ limit }).diagnostics[0]?.message ?? '';
    for (const [text, n] of [['0x10', 16], ['1e2', 100], ['10.0', 10], [' 5', 5], ['+7', 7], ['00000010', 10]] as const) {
      expect(message(text)).toContain(`A limit is written in decimal digits: send limit=${n}.`);
    }
    for (const bad of ['0', '1001', '1.5', 'abc', '', ' ', 0, 1001, 1.5, null]) expect(message(bad)).not.toContain('send limit=');
  });

  it('reports every bad parameter at once, with paths', () => {
    const r = readListingParams({ comparison: '!=', limit: 0, order: 'desc', 'boundary-id': true, extra: 1 });
    expect(r.listing).toBeUndefined();
    expect(codes(r).sort()).toEqual(
      ['listing/bad-boundary-id', 'listing/bad-comparison', 'listing/bad-order', 'listing/limit-out-of-range', 'listing/unknown-parameter'].sort(),
    );
    expect(r.diagnostics.map((d) => d.path).sort()).toEqual(['/boundary-id', '/comparison', '/extra', '/limit', '/order']);
  });

  it('comparison without boundary-id is an error', () => {
    expect(codes(readListingParams({ comparison: '<' }))).toEqual(['listing/comparison-without-boundary']);
  });

  it('parameters that are not an object are an error, never a throw', () => {
    for (const p of [5, 'x', [], true]) expect(codes(readListingParams(p))).toEqual(['listing/bad-parameters']);
  });

  it('ignores inherited keys (own properties only)', () => {
    const p = Object.create({ limit: 0 }) as object;
    expect(readListingParams(p).listing!.limit).toBe(100);
  });
});
