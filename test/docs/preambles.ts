/**
 * The set-ups a doc fragment may assume, by name, as the hidden lines of a Rust doc example: a
 * block that uses names it does not define says which set-ups it assumes in an HTML comment on
 * the line before its fence, `<!-- preamble: catalog, q -->`, and test/docs/examples.test.ts
 * prepends their code before type-checking it, test/docs/run-examples.test.ts before running it.
 *
 * Each set-up is real code on the repository's sample (examples/catalog.json, the 3,000 items of
 * examples/items.ndjson, catalog 1042), run from the repository root. Its own helper names start
 * with `__` so that they never collide with a block's names. A set-up that cannot be made in a
 * Node test (a browser page, a MongoDB server) has `runs: false` and says why: the blocks that
 * assume it are type-checked only.
 */
export interface Preamble {
  /** TypeScript prepended to the block. */
  readonly code: string;
  /** TypeScript appended to the block (to release what the set-up opened). */
  readonly end?: string;
  /** False when the set-up cannot run here; `why` says what it needs. */
  readonly runs?: false;
  readonly why?: string;
}

const SAMPLE_Q = '%5B%5B%22brand%22%2C%22Hearth%22%5D%2C%5B%5B%22%3C%22%2C%22price%22%5D%2C100%5D%5D';

export const PREAMBLES: Readonly<Record<string, Preamble>> = {
  /** `catalog`: the sample catalog (1042), loaded and checked. */
  catalog: {
    code: `import { loadCatalog as __loadCatalog, type Catalog as __Catalog } from 'catq';
import { readFileSync as __catalogRead } from 'node:fs';
const catalog: __Catalog = __loadCatalog(JSON.parse(__catalogRead('examples/catalog.json', 'utf8'))).catalog!;`,
  },
  /** `catalogJson`: the sample catalog as parsed JSON, not yet checked. */
  catalogJson: {
    code: `import { readFileSync as __catalogJsonRead } from 'node:fs';
const catalogJson: unknown = JSON.parse(__catalogJsonRead('examples/catalog.json', 'utf8'));`,
  },
  /** `items`: the sample's raw items, an array of objects. */
  items: {
    code: `import { readFileSync as __itemsRead } from 'node:fs';
const items: Record<string, unknown>[] = __itemsRead('examples/items.ndjson', 'utf8').split('\\n').filter(Boolean).map((l) => JSON.parse(l));`,
  },
  /** `q`: a query as the q parameter of a URL carries it (`brand = "Hearth" and price < 100`). */
  q: { code: `const q: string = '${SAMPLE_Q}';` },
  /**
   * `q`, with a mistake: the wire text of three clauses on separate lines, the second comparing
   * price with the string "20" (schema/type-mismatch on line 3).
   */
  'q-with-a-mistake': {
    code: `const q: string = encodeURIComponent('[\\n  ["brand", "Acme"],\\n  [["<", "price"], "20"],\\n  [["one-of", "colors"], ["red", "blue"]]\\n]');`,
  },
  /** `text`: a query as a person types it (infix). */
  text: { code: `const text: string = 'brand = "Hearth" and price < 100';` },
  /** `query`: a decoded query (`brand = "Hearth" and price < 100`). */
  query: {
    code: `import { decode as __decode, type Query as __Query } from 'catq';
const query: __Query = __decode('${SAMPLE_Q}').query!;`,
  },
  /** `uri`: the document a language client names. */
  uri: { code: `const uri: string = 'file:///work/query.catq';` },
  /**
   * `pg` (typed as node-postgres' `Pool`): PGlite, a real PostgreSQL in this process, with a table
   * `items (data jsonb)` holding the sample items.
   */
  pg: {
    code: `import { PGlite as __PGlite } from '@electric-sql/pglite';
import type { Pool as __Pool } from 'pg';
import { readFileSync as __pgRead } from 'node:fs';
// In the doc test, a fresh cluster dumped once (test/support/pglite-global-setup.ts): no initdb per example.
const __dump = process.env['CATQ_TEST_PGLITE_DUMP'];
const __db = __dump ? new __PGlite({ loadDataDir: new Blob([__pgRead(__dump)]) }) : new __PGlite();
await __db.exec('CREATE TABLE items (data jsonb)');
await __db.query('INSERT INTO items (data) SELECT jsonb_array_elements($1::jsonb)', [
  '[' + __pgRead('examples/items.ndjson', 'utf8').trim().split('\\n').join(',') + ']',
]);
const pg = __db as unknown as __Pool;`,
    // A PGlite loaded from a dump keeps the process alive until it is closed.
    end: 'await __db.close();',
  },
  /**
   * `req`, `res` (Express style) and `request`, `reply` (Fastify style): an HTTP request for
   * `?q=...&limit=5` and a response that prints its status and body.
   */
  http: {
    code: `const req: { query: Record<string, string> } = { query: { q: '${SAMPLE_Q}', limit: '5' } };
const request = req;
const __send = (status: number) => (body: unknown): void => console.log(status, JSON.stringify(body).slice(0, 300));
const res = { status: (status: number) => ({ json: __send(status) }), json: __send(200) };
const reply = { status: (status: number) => ({ send: __send(status) }), send: __send(200) };`,
  },
  /** `coll`: a MongoDB collection of the raw items. */
  mongo: {
    code: `import type { Collection as __Collection } from 'mongodb';
declare const coll: __Collection;`,
    runs: false,
    why: 'needs a MongoDB server (test/mongo/real-mongodb.test.ts runs the compiler against one when MONGODB_URI is set)',
  },
  /** The block runs in a browser page (`document`). */
  browser: { code: '', runs: false, why: 'runs in a browser page (packages/playground/test drives the extension in Chromium)' },
  /** `Span` and `QueryChange`, the types the shape of a diagnostic refers to. */
  'diagnostic-types': {
    code: `import type { Span, Fix as __Fix } from 'catq';
type QueryChange = NonNullable<__Fix['change']>;`,
  },
};

/** The names a set-up defines for the block (its `const`, `declare const` and `type` names not starting with `__`). */
export function definedNames(preamble: Preamble): string[] {
  const names = [...preamble.code.matchAll(/^(?:declare )?(?:const|let|type) (\w+)/gm)].map((m) => m[1] ?? '');
  const imported = [...preamble.code.matchAll(/import (?:type )?\{([^}]*)\}/g)].flatMap((m) =>
    (m[1] ?? '').split(',').map((s) => s.trim().split(/\s+as\s+/).pop()?.replace(/^type /, '') ?? ''),
  );
  return [...names, ...imported].filter((n) => n !== '' && !n.startsWith('__'));
}
