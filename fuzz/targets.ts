/**
 * The untrusted entry points under fuzz. Each target makes an input from a seeded generator
 * (generated or mutated) and runs it; a run fails when the entry point throws (anything but a
 * QueryError for the functions documented to throw one), returns something of the wrong kind,
 * or, on the backends, disagrees with the evaluator.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { Query as MingoQuery } from 'mingo';
import type { Query } from '../src/ast/index.js';
import { loadCatalog, type Catalog } from '../src/catalog/index.js';
import { check, validate } from '../src/check/index.js';
import { isQueryError } from '../src/diagnostics/index.js';
import { compile, listItems } from '../src/eval/index.js';
import { itemId } from '../src/listing/index.js';
import { toMongo } from '../src/mongo/index.js';
import { registerSqliteFunctions, toSql } from '../src/sql/index.js';
import { complete, format, lint, parse, semanticTokens, SEMANTIC_TOKEN_TYPES } from '../src/editor/syntax-entry.js';
import { clause, decode, query } from '../src/wire/index.js';
import { CATALOG_SEEDS, CONFORMANCE_CATALOG, CONFORMANCE_ITEMS, EDGE_VALUES, IDLESS_ITEMS, INFIX_SEEDS, WIRE_SEEDS } from './corpus.js';
import { hostileQuery, hostileValue } from './hostile-values.js';
import { mutateText, mutateWire } from './mutate.js';
import type { Rng } from './rng.js';

/** One input: the value handed over and its size in bytes (for the time per byte). */
export interface FuzzInput {
  readonly value: unknown;
  readonly bytes: number;
}

/** An entry point under fuzz. `run` resolves to a problem (a failed check) or undefined. */
export interface Target {
  readonly name: string;
  setup?(): Promise<void>;
  teardown?(): Promise<void>;
  input(rng: Rng): FuzzInput;
  run(value: unknown): string | undefined | Promise<string | undefined>;
}

const catalog: Catalog = CONFORMANCE_CATALOG;
const fields = (catalog.SearchableAttributes ?? []).map((a) => a.Attribute);
const ITEMS: readonly unknown[] = [...CONFORMANCE_ITEMS, ...IDLESS_ITEMS];

const text = (value: string): FuzzInput => ({ value, bytes: Math.max(1, Buffer.byteLength(value)) });
/**
 * About the JSON size of a value in bytes, by a bounded walk: never `JSON.stringify` (a sparse
 * array of length 2^32 - 1 would make V8 abort the process), never more than 10^5 steps.
 */
const sizeOf = (v: unknown): number => {
  let budget = 100_000;
  const seen = new Set<unknown>();
  const walk = (x: unknown): number => {
    if (--budget < 0) return 0;
    try {
      if (typeof x === 'string') return x.length + 2;
      if (x === null || typeof x !== 'object') return 4;
      if (seen.has(x)) return 0;
      seen.add(x);
      let n = 2;
      for (const k of Object.keys(x)) {
        if (budget < 0) break;
        n += k.length + 4 + walk((x as Record<string, unknown>)[k]);
      }
      return n;
    } catch {
      return 1;
    }
  };
  return Math.max(1, walk(v));
};
const js = (value: unknown): FuzzInput => ({ value, bytes: sizeOf(value) });

/** A wire text: a seed, mutated as text or as structure, plain JSON or percent-encoded. */
function wireText(rng: Rng): string {
  const seed = rng.pick(WIRE_SEEDS);
  const json = JSON.stringify(rng.chance(0.3) ? safeMutateWire(rng, seed) : seed);
  const plain = rng.chance(0.7) ? mutateText(rng, json) : json;
  return rng.chance(0.3) ? safeEncode(plain) : plain;
}

function safeEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s; // a lone surrogate: send it as it is
  }
}

function safeMutateWire(rng: Rng, seed: readonly unknown[]): unknown[] {
  return mutateWire(rng, seed, () => rng.pick(EDGE_VALUES));
}

/** A query the backends can compile: a conformance row with an edge value swapped in, often valid. */
function backendQuery(rng: Rng): Query | undefined {
  const seed = rng.pick(WIRE_SEEDS);
  const wire = rng.chance(0.5) ? seed : safeMutateWire(rng, seed);
  return decode([...wire]).query;
}

/** Throws unless `e` is a QueryError (the documented failure of the compilers). */
function onlyQueryError(e: unknown): string | undefined {
  return isQueryError(e) ? undefined : `threw ${String(e)}`;
}

function evaluatorIds(q: Query): string {
  const p = compile(q, catalog);
  return idsOf(ITEMS.map((it, i) => (p(it) ? i : -1)).filter((i) => i >= 0));
}

function idsOf(indexes: readonly number[]): string {
  return JSON.stringify(indexes.map((i) => itemId(ITEMS[i], catalog) ?? `#${i}`).sort((a, b) => String(a).localeCompare(String(b))));
}

export const decodeTarget: Target = {
  name: 'decode',
  input: (rng) => (rng.chance(0.7) ? text(wireText(rng)) : js(rng.chance(0.5) ? safeMutateWire(rng, rng.pick(WIRE_SEEDS)).map((c) => (rng.chance(0.2) ? hostileValue(rng) : c)) : hostileValue(rng))),
  run: (v) => (Array.isArray(decode(v).diagnostics) ? undefined : 'no diagnostics array'),
};

export const parseTarget: Target = {
  name: 'parse',
  input: (rng) => text(mutateText(rng, rng.pick(INFIX_SEEDS))),
  run: (v) => (Array.isArray(parse(v as string).diagnostics) ? undefined : 'no diagnostics array'),
};

export const lintTarget: Target = {
  name: 'lint',
  input: (rng) => text(rng.chance(0.6) ? mutateText(rng, rng.pick(INFIX_SEEDS)) : wireText(rng)),
  run: (v) => (Array.isArray(lint(v as string, catalog).diagnostics) ? undefined : 'no diagnostics array'),
};

export const completeTarget: Target = {
  name: 'complete',
  input: (rng) => {
    const t = mutateText(rng, rng.pick(INFIX_SEEDS));
    const offset = rng.pick([0, t.length, rng.int(t.length + 1), -1, t.length + 5, 0.5]);
    return { value: [t, offset], bytes: Math.max(1, Buffer.byteLength(t)) };
  },
  run: (v) => {
    const [t, offset] = v as [string, number];
    try {
      return Array.isArray(complete(t, offset, catalog)) ? undefined : 'not an array';
    } catch (e) {
      return onlyQueryError(e);
    }
  },
};

/** Highlighting of any text: words in text order, not empty, not overlapping, inside the text. */
export const semanticTokensTarget: Target = {
  name: 'semanticTokens',
  input: (rng) => text(rng.chance(0.5) ? mutateText(rng, rng.pick(INFIX_SEEDS)) : wireText(rng)),
  run: (v) => {
    const t = v as string;
    let end = 0;
    for (const w of semanticTokens(t, { maxLength: Infinity })) {
      if (!SEMANTIC_TOKEN_TYPES.includes(w.type)) return `unknown type ${String(w.type)}`;
      if (!(w.start >= end && w.end > w.start)) return `word ${w.start}-${w.end} after ${end}`;
      end = w.end;
    }
    return end <= t.length ? undefined : `a word ends at ${end}, past the text (${t.length})`;
  },
};

export const loadCatalogTarget: Target = {
  name: 'loadCatalog',
  input: (rng) => {
    const seed = rng.pick(CATALOG_SEEDS);
    if (rng.chance(0.5)) {
      const mutated = mutateText(rng, JSON.stringify(seed));
      try {
        return js(JSON.parse(mutated));
      } catch {
        return js(mutated);
      }
    }
    const copy = structuredClone(seed) as Record<string, unknown>;
    const keys = ['Id', 'Name', 'Type', 'Aliases', 'SearchableAttributes', 'UIConfiguration', 'Configuration', '__proto__'];
    copy[rng.pick(keys)] = hostileValue(rng);
    const attrs = (CATALOG_SEEDS[0] as { SearchableAttributes: unknown[] }).SearchableAttributes;
    if (rng.chance(0.5)) copy['SearchableAttributes'] = attrs.map((a) => (rng.chance(0.2) ? hostileValue(rng) : a));
    return js(rng.chance(0.1) ? hostileValue(rng) : copy);
  },
  run: (v) => (Array.isArray(loadCatalog(v).diagnostics) ? undefined : 'no diagnostics array'),
};

export const validateTarget: Target = {
  name: 'validate',
  input: (rng) => {
    if (rng.chance(0.5)) {
      const q = decode(wireText(rng)).query;
      if (q) return js(q);
    }
    return js(hostileQuery(rng, fields));
  },
  run: (v) => (Array.isArray(validate(v as Query, catalog)) ? undefined : 'not an array'),
};

export const evaluateTarget: Target = {
  name: 'compile+evaluate',
  input: (rng) => {
    const q = rng.chance(0.8) ? backendQuery(rng) : hostileQuery(rng, fields);
    const extra = Array.from({ length: 3 }, () => hostileValue(rng));
    return { value: [q, extra], bytes: sizeOf(q) };
  },
  run: (v) => {
    const [q, extra] = v as [Query, unknown[]];
    let p: (item: unknown) => boolean;
    try {
      p = compile(q, catalog);
    } catch (e) {
      return onlyQueryError(e);
    }
    for (const it of [...ITEMS, ...extra]) if (typeof p(it) !== 'boolean') return 'the predicate returned a non-boolean';
    return undefined;
  },
};

let lite: Database.Database | undefined;
export const sqliteTarget: Target = {
  name: 'toSql+SQLite',
  async setup() {
    lite = new Database(':memory:');
    registerSqliteFunctions(lite);
    lite.exec('CREATE TABLE items (n INTEGER NOT NULL, data TEXT)');
    const ins = lite.prepare('INSERT INTO items (n, data) VALUES (?, ?)');
    lite.transaction(() => ITEMS.forEach((it, i) => ins.run(i, JSON.stringify(it))))();
  },
  async teardown() {
    lite?.close();
  },
  input: (rng) => js(backendQuery(rng)),
  run: (v) => {
    const q = v as Query | undefined;
    if (!q || !check(q, catalog).plan) return undefined;
    let stmt;
    try {
      stmt = toSql(q, catalog, { dialect: 'sqlite' });
    } catch (e) {
      return onlyQueryError(e);
    }
    const rows = (lite as Database.Database).prepare(`SELECT n FROM items WHERE ${stmt.where} ORDER BY n`).all(...stmt.params) as { n: number }[];
    const got = idsOf(rows.map((r) => r.n));
    const want = evaluatorIds(q);
    return got === want ? undefined : `SQLite ${got} != evaluator ${want} for ${JSON.stringify(q.clauses)}`;
  },
};

let pg: PGlite | undefined;
let pgStored = new Set<number>();
export const pgliteTarget: Target = {
  name: 'toSql+PGlite',
  async setup() {
    pg = new PGlite();
    await pg.exec('CREATE TABLE items (n int NOT NULL, data jsonb)');
    // PostgreSQL's jsonb cannot hold "\u0000" or lone surrogates: those items stay out of this table.
    for (const [i, it] of ITEMS.entries()) {
      try {
        await pg.query('INSERT INTO items (n, data) VALUES ($1, $2::jsonb)', [i, JSON.stringify(it)]);
      } catch {
        /* not storable in jsonb */
      }
    }
    pgStored = new Set((await pg.query<{ n: number }>('SELECT n FROM items')).rows.map((x) => x.n));
  },
  async teardown() {
    await pg?.close();
  },
  // (the stored rows are read once, after setup)
  input: (rng) => js(backendQuery(rng)),
  async run(v) {
    const q = v as Query | undefined;
    if (!q || !check(q, catalog).plan) return undefined;
    let stmt;
    try {
      stmt = toSql(q, catalog, { dialect: 'postgres' });
    } catch (e) {
      return onlyQueryError(e);
    }
    const r = await (pg as PGlite).query<{ n: number }>(`SELECT n FROM items WHERE ${stmt.where} ORDER BY n`, [...stmt.params]);
    const p = compile(q, catalog);
    const want = idsOf(ITEMS.map((it, i) => (pgStored.has(i) && p(it) ? i : -1)).filter((i) => i >= 0));
    const got = idsOf(r.rows.map((x) => x.n));
    return got === want ? undefined : `PGlite ${got} != evaluator ${want} for ${JSON.stringify(q.clauses)}`;
  },
};

const docs = ITEMS.map((it) => {
  if (it === null || typeof it !== 'object' || Array.isArray(it)) return it;
  const o = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(it)) Object.defineProperty(o, k, { value: (it as Record<string, unknown>)[k], enumerable: true, writable: true, configurable: true });
  return o;
});

export const mongoTarget: Target = {
  name: 'toMongo+mingo',
  input: (rng) => js(backendQuery(rng)),
  run: (v) => {
    const q = v as Query | undefined;
    if (!q || !check(q, catalog).plan) return undefined;
    let filter;
    try {
      filter = toMongo(q, catalog);
    } catch (e) {
      return onlyQueryError(e);
    }
    const mq = new MingoQuery(filter as Record<string, unknown>);
    const matched: number[] = [];
    docs.forEach((d, i) => {
      if (d !== null && typeof d === 'object' && !Array.isArray(d) && mq.test(d as Record<string, unknown>)) matched.push(i);
    });
    // mingo orders strings by UTF-16 units where MongoDB (and catq) use code points: compare
    // results only for clauses that do not order strings.
    if (q.clauses.some((c) => ['<', '<=', '>', '>='].includes(c.operator))) return undefined;
    const p = compile(q, catalog);
    const want = idsOf(ITEMS.map((it, i) => (it !== null && typeof it === 'object' && !Array.isArray(it) && p(it) ? i : -1)).filter((i) => i >= 0));
    const got = idsOf(matched);
    return got === want ? undefined : `mingo ${got} != evaluator ${want} for ${JSON.stringify(q.clauses)}`;
  },
};

export const listItemsTarget: Target = {
  name: 'listItems',
  input: (rng) => {
    const params: Record<string, unknown> = {};
    if (rng.chance(0.7)) params['q'] = rng.chance(0.7) ? wireText(rng) : hostileValue(rng);
    if (rng.chance(0.4)) params['boundary-id'] = rng.chance(0.5) ? rng.pick(EDGE_VALUES) : hostileValue(rng);
    if (rng.chance(0.3)) params['comparison'] = rng.pick(['>', '>=', '<', '<=', '=', hostileValue(rng)]);
    if (rng.chance(0.4)) params['limit'] = rng.pick([1, 3, '2', 0, 1001, -1, 1.5, '1e2', hostileValue(rng)]);
    if (rng.chance(0.05)) params[rng.pick(['order', 'extra', '__proto__'])] = hostileValue(rng);
    const items = rng.chance(0.9) ? [...ITEMS, hostileValue(rng), hostileValue(rng)] : hostileValue(rng);
    return { value: [items, rng.chance(0.9) ? params : hostileValue(rng)], bytes: sizeOf(params) };
  },
  run: (v) => {
    const [items, params] = v as [unknown[], unknown];
    const r = listItems(items, catalog, params);
    if (!Array.isArray(r.diagnostics)) return 'no diagnostics array';
    if (r.response) JSON.stringify(r.response); // the response must serialise
    return undefined;
  },
};

/**
 * Queries built in code from hostile values (sparse arrays up to length 2^32 - 1, proxies,
 * getters that throw): `clause`, `query` and `format` of a hand-made query must end quickly and
 * throw nothing but a QueryError.
 */
export const buildTarget: Target = {
  name: 'clause/query/format',
  input: (rng) => js(rng.chance(0.5) ? hostileValue(rng) : [rng.pick(['=', 'one-of', '<', 'matches', 'nope']), rng.pick(['sku', 'price', 'title']), hostileValue(rng)]),
  run: (v) => {
    const attempt = (f: () => unknown): string | undefined => {
      try {
        f();
        return undefined;
      } catch (e) {
        return onlyQueryError(e);
      }
    };
    // (The input is hostile to this harness too: a revoked proxy throws in Array.isArray.)
    let parts: [never, never, never] = ['one-of', 'sku', v] as [never, never, never];
    try {
      if (Array.isArray(v) && v.length === 3) parts = [v[0], v[1], v[2]] as [never, never, never];
    } catch {
      // keep the value whole
    }
    const [op, field, value] = parts;
    return (
      attempt(() => clause(op, field, value)) ??
      attempt(() => query([{ kind: 'clause', operator: op, field, value } as never])) ??
      attempt(() => query(v as never)) ??
      attempt(() => format({ kind: 'query', clauses: [{ kind: 'clause', operator: op, field, value }] } as never)) ??
      attempt(() => format({ kind: 'query', clauses: v } as never))
    );
  },
};

/** Every in-process target, in the order of the report. */
export const TARGETS: readonly Target[] = [
  decodeTarget,
  parseTarget,
  lintTarget,
  completeTarget,
  semanticTokensTarget,
  buildTarget,
  loadCatalogTarget,
  validateTarget,
  evaluateTarget,
  sqliteTarget,
  pgliteTarget,
  mongoTarget,
  listItemsTarget,
];
