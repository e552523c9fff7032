/**
 * Property: `matches` and `matches-phrase` on PostgreSQL (generated regular expressions, and the
 * catq_tokens index prefilter) and SQLite (registered functions) agree with src/text on texts
 * built from the characters where tokenizers usually differ: astral letters, combining marks,
 * digits of other scripts, the Kelvin sign, final sigma, dotted capital I, sharp s, title case.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { compile } from '../../src/eval/index.js';
import { indexSql, toSql } from '../../src/sql/index.js';
import { hasToken } from '../../src/text/index.js';
import { engineRows, insertItems, startEngines, type Engines } from './engines.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

/** Characters where case mapping and token classes are tricky, plus plain ones and separators. */
const ALPHABET = [
  'a', 'A', 'k', 'K', '\u212A', 's', 'S', '\u017F', 'i', 'I', '\u0130', '\u0131', '\u0307', '\u0301',
  '\u03A3', '\u03C3', '\u03C2', '\u0391', '\u03B1', '\u00DF', '\u1E9E', '\u01C5', '\u01C4', '\u01C6',
  '\u0663', '\u0669', '7', '\u{1D4B3}', '\u{10400}', '\u{10428}', '\u02B0', '\u0345', '\u0399',
  ' ', ' ', '-', '&', '\u{1F600}', '\u00A0', '\u2019', '_', '.',
];
const textArb = fc.array(fc.constantFrom(...ALPHABET), { minLength: 0, maxLength: 10 }).map((cs) => cs.join(''));
const queryTextArb = textArb.filter(hasToken);

const catalog: Catalog = {
  Id: 100,
  Name: 'text',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'd', Type: 'Text', Cardinality: 'One' },
  ],
};

let e: Engines;
beforeAll(async () => {
  e = await startEngines();
  for (const engine of e.all) {
    if (engine.dialect === 'sqlite') continue;
    for (const statement of indexSql(catalog, { table: 'items', dialect: engine.dialect }).statements) await engine.exec(statement);
  }
});
afterAll(async () => {
  await e.close();
});

describe('text matching on every engine equals src/text', () => {
  it('matches and matches-phrase on tricky Unicode (seeded)', async () => {
    // Items: texts drawn from the alphabet, plus texts made to contain the query (so matches happen).
    const texts = fc.sample(textArb, { seed: propertySeed(0x5eed7e1), numRuns: propertyRuns(120) });
    const queries = fc.sample(fc.tuple(fc.constantFrom('matches', 'matches-phrase') as fc.Arbitrary<'matches' | 'matches-phrase'>, queryTextArb), {
      seed: propertySeed(0x5eed7e2),
      numRuns: propertyRuns(120),
    });
    const items = [
      ...texts.map((d, i) => ({ id: i, d })),
      ...queries.map(([, q], i) => ({ id: 1000 + i, d: `x ${q.toUpperCase()} y` })),
      ...queries.map(([, q], i) => ({ id: 2000 + i, d: q.toLowerCase() })),
    ];
    await insertItems(e, 1, items);
    let matched = 0;
    for (const [op, text] of queries) {
      const q = query([clause(op, 'd', text)]);
      const p = compile(q, catalog);
      const expected = items.flatMap((it, i) => (p(it) ? [i] : []));
      matched += expected.length;
      for (const engine of e.all) {
        for (const indexed of engine.dialect === 'sqlite' ? [false] : [false, true]) {
          const s = toSql(q, catalog, { dialect: engine.dialect, indexed });
          const rows = await engineRows(engine, 1, s.where, s.params);
          expect({ engine: engine.name, op, text, indexed, rows }).toEqual({ engine: engine.name, op, text, indexed, rows: expected });
        }
      }
    }
    // The test must exercise matches, not only non-matches.
    expect(matched).toBeGreaterThan(queries.length);
  });
});
