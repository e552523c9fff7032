import { describe, expect, it } from 'vitest';
import { listItems } from '../../src/eval/index.js';
import { sqlListItems } from '../../src/sql/index.js';
import { catalog } from '../check/fixture.js';

// Audit (CLI and API) item 1: listItems and sqlListItems decoded `q` with the default wire
// limits whatever their `limits` option said (only the check after decoding used it).

const codes = (r: { diagnostics: readonly { code: string }[] }): string[] => r.diagnostics.map((d) => d.code);
const items = [{ sku: 'a', sizes: [1] }];
const q3 = JSON.stringify([['sku', 'a'], ['sku', 'b'], ['sku', 'c']]);
const longList = JSON.stringify([[['one-of', 'sizes'], Array.from({ length: 1500 }, (_, i) => i)]]);

describe('the wire limits of the listing functions apply to q', () => {
  it('listItems: a tighter maxClauses refuses q; a looser maxListLength accepts it', () => {
    expect(codes(listItems(items, catalog, { q: q3 }, { limits: { maxClauses: 2 } }))).toEqual(['wire/too-many-clauses']);
    expect(codes(listItems(items, catalog, { q: longList }))).toEqual(['wire/list-too-long']);
    const loose = listItems(items, catalog, { q: longList }, { limits: { maxListLength: 5000 } });
    expect(codes(loose)).toEqual([]);
    expect(loose.response?.Items).toHaveLength(1);
    expect(codes(listItems(items, catalog, { q: '[["sku","a"]]' }, { limits: { maxLength: 5 } }))).toEqual(['wire/too-long']);
  });

  it('sqlListItems: the same', async () => {
    const run = (): [] => [];
    expect(codes(await sqlListItems(run, catalog, { q: q3 }, { dialect: 'sqlite', limits: { maxClauses: 2 } }))).toEqual(['wire/too-many-clauses']);
    expect(codes(await sqlListItems(run, catalog, { q: longList }, { dialect: 'sqlite', limits: { maxListLength: 5000 } }))).toEqual([]);
  });
});
