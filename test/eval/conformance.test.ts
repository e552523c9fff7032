import { describe, expect, it } from 'vitest';
import { decode } from '../../src/wire/index.js';
import { validate } from '../../src/check/index.js';
import { compile } from '../../src/eval/index.js';
import { compareIds, itemId } from '../../src/listing/index.js';
import {
  ALL_IDS,
  CONFORMANCE_CATALOG as catalog,
  CONFORMANCE_ITEMS as items,
  CONFORMANCE_ROWS as rows,
  IDLESS_ITEMS,
} from '../fixtures/conformance.js';

function queryOf(wire: readonly unknown[]) {
  const { query, diagnostics } = decode(JSON.stringify(wire));
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return query!;
}

const sorted = (ids: readonly (string | number)[]) => [...ids].sort(compareIds);

describe('conformance table (test/fixtures/conformance.ts)', () => {
  it('has unique ids, listed in ALL_IDS in listing order', () => {
    const ids = items.map((i) => itemId(i, catalog));
    expect(new Set(ids.map(String)).size).toBe(items.length);
    expect(sorted(ids as (string | number)[])).toEqual(ALL_IDS);
  });

  it('item 130 has an own __proto__ key', () => {
    const it130 = items.find((i) => i['id'] === 130)!;
    expect(Object.prototype.hasOwnProperty.call(it130, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(it130)).toBe(Object.prototype);
  });

  for (const mode of ['codegen', 'closure'] as const) {
    describe(mode, () => {
      it.each(rows.map((r) => [r.name, r] as const))('%s', (_name, row) => {
        const q = queryOf(row.query);
        expect(validate(q, catalog).filter((d) => d.severity === 'error')).toEqual([]);
        const p = compile(q, catalog, { mode });
        const got = items.filter(p).map((i) => itemId(i, catalog) as string | number);
        expect(sorted(got)).toEqual(sorted(row.expectedIds));
      });
    });
  }

  it('items without keys match only queries made of `present? false` clauses', () => {
    for (const row of rows) {
      const q = queryOf(row.query);
      const onlyAbsent = q.clauses.every((c) => c.operator === 'present?' && c.value === false);
      const p = compile(q, catalog);
      for (const item of IDLESS_ITEMS) {
        if (typeof item === 'object' && item !== null && !Array.isArray(item)) continue;
        expect(p(item)).toBe(onlyAbsent);
      }
    }
  });

  it('every operator x type x cardinality appears in the table', () => {
    const seen = new Set<string>();
    for (const row of rows) {
      for (const c of queryOf(row.query).clauses) {
        const attr = catalog.SearchableAttributes!.find((a) => a.Attribute === c.field);
        if (attr) seen.add(`${c.operator} ${attr.Type} ${attr.Cardinality}`);
      }
    }
    const expected = [
      ...['=', '<', '<=', '>', '>=', 'one-of', 'present?'].flatMap((op) => ['One', 'Many'].map((card) => `${op} Number ${card}`)),
      ...['=', '<', '<=', '>', '>=', 'one-of', 'present?'].flatMap((op) => ['One', 'Many'].map((card) => `${op} String ${card}`)),
      ...['=', '<', '>', 'one-of', 'present?', 'matches', 'matches-phrase'].map((op) => `${op} Text One`),
      ...['=', 'one-of', 'present?'].flatMap((op) => ['Boolean', 'Referenced', 'Array'].flatMap((t) => ['One', 'Many'].map((card) => `${op} ${t} ${card}`))),
      'present? Object One',
      'present? Object Many',
    ];
    for (const e of expected) expect(seen, e).toContain(e);
  });
});
