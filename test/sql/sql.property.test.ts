/**
 * Property: for generated catalogs, messy items and valid queries, the evaluator and every engine
 * (PGlite and the PostgreSQL 15 server, plain and with indexSql's DDL and prefilters, SQLite,
 * MariaDB) select exactly the same items.
 * Failing cases found here are kept in regressions.ts and replayed by regressions.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, type Query } from '../../src/ast/index.js';
import { compile } from '../../src/eval/index.js';
import { indexSql, toSql } from '../../src/sql/index.js';
import { caseArb, type EvalCase } from '../support/case-arbitrary.js';
import { engineRows, insertItems, pgRows, startEngines, unlessRefusedKey, type Engines } from './engines.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

let e: Engines;
let group = 0;

beforeAll(async () => {
  e = await startEngines();
});
afterAll(async () => {
  await e.close();
});

/**
 * Runs a query of a case (already inserted under `grp`) on every engine: the row numbers each
 * selected (the evaluator's for an engine that refuses a key it cannot read, see unlessRefusedKey).
 */
async function runQuery(engines: Engines, grp: number, c: EvalCase, q: Query): Promise<Record<string, number[]>> {
  const p = compile(q, c.catalog);
  const evaluator = c.items.flatMap((it, i) => (p(it) ? [i] : []));
  const out: Record<string, number[]> = { evaluator };
  for (const engine of engines.all) {
    const s = unlessRefusedKey(engine, c.catalog, () => toSql(q, c.catalog, { dialect: engine.dialect }));
    out[engine.name] = s ? await engineRows(engine, grp, s.where, s.params) : evaluator;
  }
  return out;
}

describe('SQL equals the evaluator on generated cases', () => {
  it('evaluator = PGlite = PostgreSQL 15 = SQLite = MariaDB, for the whole query and each clause alone (400 cases)', async () => {
    let partial = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const grp = ++group;
        await insertItems(e, grp, c.items);
        // Each clause alone too: single clauses select proper subsets far more often than ANDs.
        const queries = [c.query, ...(c.query.clauses.length > 1 ? c.query.clauses.map((cl) => query([cl])) : [])];
        for (const q of queries) {
          const r = await runQuery(e, grp, c, q);
          for (const engine of e.all) expect({ engine: engine.name, q: q.clauses, rows: r[engine.name] }).toEqual({ engine: engine.name, q: q.clauses, rows: r.evaluator });
          if (r.evaluator!.length > 0 && r.evaluator!.length < c.items.length) partial++;
        }
      }),
      { seed: propertySeed(0x5eed5a1), numRuns: propertyRuns(400) },
    );
    // The generator must produce queries that split the items, not only all-or-nothing ones.
    expect(partial).toBeGreaterThan(100);
  });

  it('with indexSql applied and indexed prefilters, PostgreSQL still equals the evaluator (150 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const grp = ++group;
        // The function first: per-catalog indexes on the shared table are not needed for equality.
        await e.pg.exec(indexSql(c.catalog, { table: 'items' }).statements[0] as string);
        await insertItems(e, grp, c.items);
        const p = compile(c.query, c.catalog);
        const expected = c.items.flatMap((it, i) => (p(it) ? [i] : []));
        const pg = toSql(c.query, c.catalog, { dialect: 'postgres', indexed: true });
        expect(await pgRows(e, grp, pg.where, pg.params)).toEqual(expected);
      }),
      { seed: propertySeed(0x5eed5a2), numRuns: propertyRuns(150) },
    );
  });
});
