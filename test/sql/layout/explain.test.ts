/**
 * The plans of the scale bench's query mix on a search table of 200,000 rows, in the test's own
 * database on the PostgreSQL server (EXPLAIN, planned with their values as the service runs
 * them): a page's walk reads the id index, and where the walk can come back short, the rest is
 * found through the clause's own index, never by reading the whole table. A shape with no index
 * of its own (no q, `present?`, a boolean) must be answered by the walk alone on these rows.
 *
 * The rows: 2,000 items of examples/generate.mjs written with layoutUpsert, copied 100 times with
 * new ids (so the values keep the generator's distribution), then indexed and analyzed.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog as sampleCatalog, generateItems } from '../../../examples/generate.mjs';
import { SHAPES, WORST } from '../../../bench/scale-shapes.mjs';
import { loadCatalog } from '../../../src/catalog/index.js';
import type { Query } from '../../../src/ast/index.js';
import { check } from '../../../src/check/index.js';
import { layoutDdl, layoutIndexNames, layoutListSql, layoutUpsert, searchLayout, type SearchLayout } from '../../../src/sql/index.js';
import { decode } from '../../../src/wire/index.js';

const DATABASE_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SEED_ITEMS = 2_000;
const COPIES = 100;
const LIMIT = 100;
const name = `catq_explain_${process.pid}_${Date.now().toString(36)}`;

let admin: pg.Client;
let db: pg.Client;
let layout: SearchLayout;
/** The id index (the walk's) and the primary key: every other index of the search table answers clauses. */
let idIndex = '';
let clauseIndexes = new Set<string>();
/** Index names by indexed expression. */
let orderedIndexes = new Map<string, string>();

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  /** With VERBOSE: the columns a node returns. */
  Output?: string[];
  Plans?: PlanNode[];
}

function nodes(p: PlanNode): PlanNode[] {
  return [p, ...(p.Plans ?? []).flatMap(nodes)];
}

async function plan(sql: string, params: readonly unknown[], analyze = false, verbose = false): Promise<PlanNode> {
  const r = await db.query(`EXPLAIN (FORMAT JSON${analyze ? ', ANALYZE' : ''}${verbose ? ', VERBOSE' : ''}) ${sql}`, [...params]);
  return (r.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
}

/**
 * The plan of a rest statement as catq-server runs it (sequential scans priced out, no parallel
 * workers: see layoutListItems' runRest and packages/server/src/store/db.ts).
 */
async function restPlan(sql: string, params: readonly unknown[]): Promise<PlanNode> {
  await db.query('BEGIN; SET LOCAL enable_seqscan = off; SET LOCAL max_parallel_workers_per_gather = 0');
  try {
    return await plan(sql, params);
  } finally {
    await db.query('COMMIT');
  }
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = '/' + name;
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  await db.query('SET jit = off');
  layout = searchLayout(loadCatalog(sampleCatalog).catalog!);
  const ddl = layoutDdl(layout, { table: 'search' });
  // Index statements (and the DO blocks that set a GIN index's options) run once the rows are in.
  const isIndex = (s: string) => /^(CREATE (UNIQUE )?INDEX|DO )/.test(s);
  for (const s of ddl.filter((s) => !isIndex(s))) await db.query(s);
  await db.query('CREATE TABLE raw (id_key text COLLATE "C" PRIMARY KEY, data jsonb)');
  const items = [...generateItems(SEED_ITEMS, 19, { longDescriptions: 0.02 })];
  const entries = items.map((item) => ({ key: JSON.stringify(item['id']), item }));
  const up = layoutUpsert(layout, { table: 'search' }, entries);
  expect(up.problems).toEqual([]);
  await db.query(up.statement!.sql, [...up.statement!.params]);
  await db.query(`INSERT INTO raw SELECT e ->> 0, e -> 1 FROM jsonb_array_elements($1::jsonb) e`, [JSON.stringify(entries.map((e) => [e.key, e.item]))]);
  // Copies with new ids: id_num (and the id attribute's own column) shifted by a multiple of the seed count.
  const idColumn = layout.byRawKey.get('id')!.columns.num!;
  const columns = (await db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'search' ORDER BY ordinal_position`)).rows.map((r) => r.column_name as string);
  const shifted = (c: string) =>
    c === 'item_key' ? `(id_num + g * ${SEED_ITEMS})::bigint::text` : c === 'id_num' || c === idColumn ? `"${c}" + g * ${SEED_ITEMS}` : `"${c}"`;
  await db.query(`INSERT INTO search (${columns.map((c) => `"${c}"`).join(', ')}) SELECT ${columns.map(shifted).join(', ')} FROM search, generate_series(1, ${COPIES - 1}) g`);
  await db.query(
    `INSERT INTO raw SELECT ((data ->> 'id')::bigint + g * ${SEED_ITEMS})::text, jsonb_set(data, '{id}', to_jsonb((data ->> 'id')::bigint + g * ${SEED_ITEMS})) FROM raw, generate_series(1, ${COPIES - 1}) g`,
  );
  for (const s of ddl.filter(isIndex)) await db.query(s);
  await db.query('VACUUM ANALYZE search');
  await db.query('VACUUM ANALYZE raw');
  const indexes = (await db.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'search'`)).rows as { indexname: string; indexdef: string }[];
  idIndex = indexes.find((i) => /\(id_kind, id_num, "left"\(id_str/.test(i.indexdef))!.indexname;
  clauseIndexes = new Set(indexes.filter((i) => i.indexname !== idIndex && !/_pkey$/.test(i.indexname)).map((i) => i.indexname));
  // Each attribute's value-then-id index by its expression (layoutIndexNames lists them in layoutDdl's order).
  const names = layoutIndexNames(layout, { table: 'search' });
  const expressions = ['', ...layout.attributes.flatMap((a) => a.indexes.map((i) => i.expression))];
  expect(names.length).toBe(expressions.length);
  expect(new Set(indexes.map((i) => i.indexname))).toEqual(new Set([...names, 'search_pkey']));
  orderedIndexes = new Map(expressions.map((e, k) => [e, names[k]!]));
}, 300_000);

/** The value-then-id index a page of this query walks, when the query has an equality it can use. */
function orderedIndexOf(query: Query): string | undefined {
  const plan = check(query, layout.catalog).plan!;
  for (const p of plan.clauses) {
    const a = layout.byRawKey.get(p.rawKey);
    if (p.kind !== 'test' || p.shape !== 'one' || !a?.orderedKey) continue;
    const t = p.test;
    const one = t.kind === 'id-in' ? t.strings.length === 1 : (t.kind === 'number-in' || t.kind === 'string-in' || t.kind === 'boolean-in') && t.values.length === 1;
    if (!one) continue;
    const ix = a.indexes.find((i) => i.kind === 'btree' && i.expression.startsWith(a.orderedKey + ','))!;
    return orderedIndexes.get(ix.expression);
  }
  return undefined;
}

afterAll(async () => {
  await db?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});

describe(`plans on ${SEED_ITEMS * COPIES} rows`, () => {
  it('the table is the size the test means', async () => {
    expect(Number((await db.query('SELECT count(*)::int AS n FROM search')).rows[0].n)).toBe(SEED_ITEMS * COPIES);
    expect(clauseIndexes.size).toBeGreaterThan(10);
  });

  // Every shape: the walk reads the id index (never the whole table), and either it fills the
  // page by itself on these rows, or the rest (which then runs) reads a clause index.
  it.each([...SHAPES, ...WORST].map((s) => [s.name, s] as const))('%s', async (_name, shape) => {
    const query = decode(encodeURIComponent(JSON.stringify(shape.q ?? []))).query!;
    const list = layoutListSql(query, layout, { limit: LIMIT }, { table: 'search', rawTable: 'raw', tableRows: SEED_ITEMS * COPIES, listedOnly: true });
    const walk = nodes(await plan(list.sql, list.params));
    // A walk reads the id order: of the whole table (the id index), or, for a shape with an
    // equality on a Cardinality One attribute, of that value's items (its value-then-id index),
    // already in order (no sort under the walk's limit).
    const equality = orderedIndexOf(query);
    expect(walk.filter((n) => n['Index Name'] === (equality ?? idIndex)).length, `the walk reads ${equality ?? 'the id index'}`).toBeGreaterThan(0);
    const limits = walk.filter((n) => n['Node Type'] === 'Limit');
    expect(nodes(limits.at(-1)!).filter((n) => n['Node Type'] === 'Sort'), 'the walk reads rows in id order').toEqual([]);
    // Nor are the walked rows sorted for the page: it is taken in their order, so the walk stops
    // at the limit + 1-th match whatever PostgreSQL expects of the clauses.
    expect(nodes(limits.at(-2)!).filter((n) => /Sort/.test(n['Node Type'])), 'the page stops at its last match').toEqual([]);
    expect(walk.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'search')).toEqual([]);
    // The walked rows carry the columns the page reads, not every column of the search table:
    // the item key, the three id keys, the listed form, the string key of the index and at most
    // two columns per clause (a text's terms and tokens, a list's keys and its long values).
    const scanned = nodes(await plan(list.sql, list.params, false, true)).filter((n) => n['Relation Name'] === 'search');
    expect(scanned.length).toBeGreaterThan(0);
    for (const n of scanned) expect(n.Output?.length, `${shape.name}: the walk's columns`).toBeLessThanOrEqual(6 + 2 * query.clauses.length);
    const ran = await plan(list.sql, list.params, true);
    const filled = ran['Actual Rows'] === LIMIT + 1;
    // Every row holds its listed column: the page reads no raw row (the raw lookup, for rows
    // written before that column existed, is in the plan but never runs).
    const rawNodes = nodes(ran).filter((n) => n['Relation Name'] === 'raw');
    expect(rawNodes.length, 'the raw lookup is in the plan').toBeGreaterThan(0);
    expect(rawNodes.filter((n) => Number(n['Actual Loops']) > 0), `${shape.name}: the page reads no raw row`).toEqual([]);
    const rest = nodes(await restPlan(list.rest.sql, list.rest.params));
    const used = rest.filter((n) => n['Index Name'] !== undefined && clauseIndexes.has(n['Index Name']));
    const whole = rest.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'search');
    expect(filled || (used.length > 0 && whole.length === 0), `${shape.name}: the walk fills the page, or the rest reads a clause index`).toBe(true);
    expect(rest.filter((n) => /Gather/.test(n['Node Type'])), `${shape.name}: the rest runs in one backend`).toEqual([]);
  });
});
