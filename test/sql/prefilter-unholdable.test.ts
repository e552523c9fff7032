/**
 * Values PostgreSQL text and jsonb cannot hold (a lone surrogate): one in an `=` / `one-of` value
 * matches no stored value, so neither the containment prefilter (`indexed`; PostgreSQL refused
 * the whole statement: "invalid input syntax for type json") nor the exact condition binds it (a
 * driver sent U+FFFD in its place, which matched a stored U+FFFD); an order is restated for
 * well-formed text (holdableOrder). Both PostgreSQL engines against the evaluator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/index.js';
import { compile } from '../../src/eval/index.js';
import { toSql } from '../../src/sql/index.js';
import { decode } from '../../src/wire/index.js';
import { engineRows, insertItems, startEngines, type Engines } from './engines.js';

const catalog: Catalog = {
  Id: 100,
  Name: 'unholdable',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 's', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'r', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'a', Type: 'Array', Cardinality: 'One' },
  ],
};
// U+FFFD is what a driver would send in place of a lone surrogate: it must not match one.
const items = [
  { id: 1, s: '\ufffd', r: '\ufffd', a: ['\ufffd'] },
  { id: 2, s: ['x', 'y'], r: 'x', a: ['x'] },
  { id: 3, s: 'a\ufffdb', r: 'z' },
  { id: 4, s: ['a', 'a\ue000', 'b'], r: 'a' },
  { id: 5, s: 'a\ud7ff', r: 'b' },
];
const queries: unknown[] = [
  [['s', '\ud800']],
  [['r', '\udc00']],
  [[['one-of', 's'], ['\ud800', 'x']]],
  [[['one-of', 'r'], ['\udfff', 'x']]],
  [['a', '\ud800']],
  [[['one-of', 'a'], ['\ud800', 'x']]],
  // Orders: no well-formed text holds a code point in U+D800..U+DFFF (code point order).
  [[['<', 's'], 'a\ud800']],
  [[['>=', 's'], 'a\udc00']],
  [[['>', 's'], '\ud800']],
  [[['<=', 's'], '\udfff']],
];

let e: Engines;
beforeAll(async () => {
  e = await startEngines('unholdable');
  await insertItems(e, 1, items, 'unholdable');
});
afterAll(async () => {
  await e?.close();
});

describe('values PostgreSQL text and jsonb cannot hold (lone surrogates)', () => {
  it.each(queries.flatMap((q) => [true, false].map((indexed) => [JSON.stringify(q), indexed, q] as const)))('%s (indexed: %s): the PostgreSQL engines answer as the evaluator', async (_t, indexed, wire) => {
    const q = decode(JSON.stringify(wire)).query;
    expect(q).toBeDefined();
    const p = compile(q!, catalog);
    const expected = items.flatMap((it, i) => (p(it) ? [i] : []));
    for (const engine of e.all.filter((x) => x.dialect === 'postgres')) {
      const s = toSql(q!, catalog, { dialect: 'postgres', indexed });
      expect({ engine: engine.name, rows: await engineRows(engine, 1, s.where, s.params, 'unholdable') }).toEqual({ engine: engine.name, rows: expected });
    }
  });
});
