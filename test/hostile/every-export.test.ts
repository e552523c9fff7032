import { readFileSync } from 'node:fs';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';

// Every function exported by every entry of the package (package.json "exports"), called with
// Proxies that cannot be read in each argument position: alone (the other arguments left out),
// and among valid arguments. Whatever a call throws (or a promise it returns rejects with) must be
// a QueryError, the project's one error for a bad argument: never the trap's own Error, nor the
// TypeError of a revoked Proxy. Returning is fine (the functions that never throw report the
// argument in their diagnostics, predicates answer false).
//
// A new export fails "every function export has valid arguments here" until VALID below says how
// to call it.

/** The source of each entry, as tsup.config.ts builds it. */
const ENTRY_SOURCES: Record<string, string> = {
  '.': '../../src/index.js',
  './wire': '../../src/wire/index.js',
  './syntax': '../../src/editor/syntax-entry.js',
  './eval': '../../src/eval/index.js',
  './sql': '../../src/sql/index.js',
  './mongo': '../../src/mongo/index.js',
  './listing': '../../src/listing/index.js',
  './builder': '../../src/builder/index.js',
  './client': '../../src/client/index.js',
  './client/check': '../../src/client/check-entry.js',
  './codemirror': '../../src/codemirror/index.js',
  './lsp': '../../src/lsp/index.js',
};

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
const entries: Record<string, Record<string, unknown>> = {};
for (const [entry, source] of Object.entries(ENTRY_SOURCES)) entries[entry] = (await import(source)) as Record<string, unknown>;

const root = entries['.'] as typeof import('../../src/index.js');
const sql = entries['./sql'] as typeof import('../../src/sql/index.js');
const listing = entries['./listing'] as typeof import('../../src/listing/index.js');
const QueryError = root.QueryError;

// ---- hostile values -------------------------------------------------------------------------

const boom = (): never => {
  throw new Error('PROXY-BOOM');
};
/** Every trap that reading a value goes through throws (calling a function Proxy does not). */
const traps: ProxyHandler<object> = { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom, set: boom, defineProperty: boom, deleteProperty: boom, isExtensible: boom, preventExtensions: boom, setPrototypeOf: boom };
const revoked = (target: object): unknown => {
  const r = Proxy.revocable(target, {});
  r.revoke();
  return r.proxy;
};
const PROXIES: readonly [string, () => unknown][] = [
  ['a throwing Proxy', () => new Proxy({}, traps)],
  ['a throwing Proxy of an array', () => new Proxy([], traps)],
  ['a throwing Proxy of a function', () => new Proxy(function () {}, traps)],
  ['a revoked Proxy', () => revoked({})],
  ['a revoked Proxy of an array', () => revoked([])],
];

// ---- valid arguments --------------------------------------------------------------------------

const catalog = root.loadCatalog(JSON.parse(readFileSync(new URL('../../examples/catalog.json', import.meta.url), 'utf8'))).catalog as import('../../src/index.js').Catalog;
const items = readFileSync(new URL('../../examples/items.ndjson', import.meta.url), 'utf8').split('\n').slice(0, 3).map((l) => JSON.parse(l) as Record<string, unknown>);
const query = root.decode('[["brand","Acme"],[["<","price"],150]]').query as import('../../src/index.js').Query;
const plan = () => root.check(query, catalog).plan;
const listingOf = () => listing.readListingParams({ limit: '2' }).listing as import('../../src/listing/index.js').Listing;
const layout = () => sql.searchLayout(catalog);
const target = { table: 'search' };
const state = () => EditorState.create({ doc: 'brand = "Acme" and price < "150"' });
const lintResult = () => root.lint('brand = "Acme" and price < "150"', catalog);
const facts = { method: 'GET', url: 'https://catalog.example.com/v1/catalog/1042', attempts: 1 };
/** Enough of a DOM Document for markdownToDom. */
const fakeDocument = () => {
  const node = (): Record<string, unknown> => ({ appendChild: (child: unknown) => child, textContent: '' });
  return { createElement: node, createTextNode: node };
};

/**
 * A valid call of each function export, by name (`entry#name` where two entries export different
 * functions of one name). `null`: never called with valid arguments (startServer would serve on
 * this process's standard input).
 */
const VALID: Record<string, (() => unknown[]) | null> = {
  // root and the stages it gathers
  LineIndex: () => ['a\nb'],
  QueryError: () => [[], 'context'],
  check: () => [query, catalog, {}],
  clause: () => ['=', 'brand', 'Acme', {}],
  compile: () => [query, catalog, {}],
  complete: () => ['brand = ', 8, catalog, {}],
  decode: () => ['[["brand","Acme"]]', {}],
  describeValue: () => ['x'],
  detectSyntax: () => ['brand = "Acme"'],
  encode: () => [query],
  explain: () => [query, catalog, items[0]],
  fieldNames: () => [catalog],
  filter: () => [items, query, catalog, {}],
  format: () => [query],
  formatClause: () => [query.clauses[0]],
  hasErrors: () => [[]],
  hover: () => ['brand = "Acme"', 1, catalog, {}],
  indexSql: () => [catalog, { dialect: 'postgres' }],
  isOperator: () => ['='],
  isQuery: () => [query],
  isQueryError: () => [new Error('x')],
  itemId: () => [items[0], catalog],
  lint: () => ['brand = "Acme"', catalog, {}],
  listItems: () => [items, catalog, { limit: '2' }, {}],
  listSql: () => [query, catalog, { limit: '2' }, { dialect: 'postgres' }],
  loadCatalog: () => [{ Id: 100, Name: 'c', Type: 'Product', SearchableAttributes: [] }],
  matches: () => [query, catalog, items[0]],
  operatorsFor: () => ['Number'],
  parse: () => ['brand = "Acme"', {}],
  query: () => [[root.clause('=', 'brand', 'Acme')], {}],
  queryEqual: () => [query, query],
  renderDiagnostics: () => [lintResult().diagnostics, 'brand = "Acme" and price < "150"', {}],
  resolveField: () => [catalog, 'brand'],
  semanticTokens: () => ['brand = "Acme"', {}],
  stripSpans: () => [query],
  toErrorBody: () => [lintResult().diagnostics],
  toLspDiagnostics: () => [lintResult().diagnostics, 'brand = "Acme" and price < "150"', {}],
  toMongo: () => [query, catalog, {}],
  toMongoListing: () => [query, catalog, { limit: 2 }, {}],
  toSql: () => [query, catalog, { dialect: 'sqlite' }],
  toWire: () => [query],
  validate: () => [query, catalog, {}],
  // catq/wire
  jsonValueProblems: () => [['a', 1], [1], root.DEFAULT_LIMITS, false],
  ownOptions: () => [{ a: 1 }],
  // catq/syntax
  describeField: () => [catalog, 'brand'],
  describeOperator: () => ['one-of'],
  formatField: () => ['brand'],
  formatValue: () => [['a', 1]],
  isBareField: () => ['brand'],
  lineColumns: () => ['brand = "Acme"', { start: 0, end: 5 }],
  // catq/eval
  canonicalId: () => [5],
  compileChecked: () => [plan(), {}],
  // catq/sql
  ListingMemory: () => [10],
  layoutCommonTerms: () => [layout(), [], {}],
  layoutDdl: () => [layout(), target, {}],
  layoutDeleteSql: () => [target, ['1']],
  layoutIndexNames: () => [layout(), target],
  layoutListItems: () => [async () => [], layout(), { limit: '2' }, { table: 'search', rawTable: 'raw' }],
  layoutListItemsJson: () => [async () => [], layout(), { limit: '2' }, { table: 'search', rawTable: 'raw' }],
  layoutListSql: () => [query, layout(), { limit: '2' }, { table: 'search', rawTable: 'raw' }],
  layoutPage: () => [sql.layoutListSql(query, layout(), { limit: '2' }, { table: 'search', rawTable: 'raw' }), [], false, {}],
  layoutPageJson: () => [sql.layoutListSql(query, layout(), { limit: '2' }, { table: 'search', rawTable: 'raw' }), [], false, {}],
  layoutRow: () => [layout(), items[0]],
  layoutTermStatisticsSql: () => [layout(), target],
  layoutUpsert: () => [layout(), target, []],
  pgHolds: () => ['abc'],
  registerSqliteFunctions: () => [{ function: () => undefined }],
  searchLayout: () => [catalog, undefined],
  sqlListItems: () => [async () => [], catalog, { limit: '2' }, { dialect: 'postgres' }],
  sqlPage: () => [root.listSql(query, catalog, { limit: '2' }, { dialect: 'postgres' }), [], false, catalog, {}],
  walkRowsFor: () => [10, 1000],
  // catq/mongo
  mongoPage: () => [root.toMongoListing(query, catalog, { limit: 2 }), [], false, catalog, {}],
  // catq/listing
  boundaryHolds: () => [listingOf(), 5],
  buildPage: () => [listingOf(), items, { before: false, after: false }, catalog, {}],
  canonicalNumber: () => ['5'],
  compareCodePoints: () => ['a', 'b'],
  compareIds: () => [1, 'a'],
  complementComparison: () => ['<'],
  cutName: () => ['name'],
  derivedRecordsCatalog: () => [catalog, 'brand'],
  encodeScopeQuery: () => [query],
  idFromText: () => ['12'],
  idToText: () => [12],
  isItemId: () => [12],
  itemUri: () => [12, catalog, {}],
  kindSource: () => [catalog, 'brand'],
  listedRawKeys: () => [catalog],
  looksLikeUrlParams: () => [{ limit: '2' }],
  pageOf: () => [listingOf(), items, catalog, {}],
  readCheckedListing: () => [{ limit: '2' }, catalog, {}],
  readListingParams: () => [{ limit: '2' }, {}],
  readQueryParameter: () => ['[["brand","Acme"]]', {}],
  scanDirection: () => [listingOf()],
  scopeOf: () => [listingOf(), { id: 5, comparison: '>' }],
  toListedItem: () => [items[0], catalog, {}],
  // catq/builder
  QueryBuilder: () => [catalog, [], root.DEFAULT_LIMITS, 2],
  defineCatalog: () => [{ Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [] }],
  isQueryBuilder: () => [{}],
  queryBuilder: () => [catalog, {}],
  // catq/client
  CatalogApiError: () => [400, ['bad'], {}, facts],
  CatalogNetworkError: () => [new Error('down'), false, facts],
  CatalogResponseError: () => ['not a page', {}, facts],
  PageIterator: () => [async () => ({ Items: [] }), {}, 'forward', ''],
  ItemIterator: () => [new (entries['./client'] as typeof import('../../src/client/index.js')).PageIterator(async () => ({ Items: [] }) as never, {} as never, 'forward')],
  backoffDelay: () => [1, { retries: 3, baseDelayMs: 10, maxDelayMs: 100 }, () => 0.5],
  createClient: () => [{ baseUrl: 'https://catalog.example.com', apiKey: 'k', fetch: async () => new Response('{}') }],
  isRetryableStatus: () => [503],
  mayRetry: () => [{ status: 503 }, true],
  retryAfterMs: () => ['2', 0],
  warningIndex: () => ['q warning'],
  // catq/client/check
  readQueryInput: () => ['[["brand","Acme"]]', catalog, undefined],
  // catq/codemirror
  canonicalText: () => ['brand = "Acme"', catalog],
  catq: () => [{ catalog }],
  catqHighlighting: () => [],
  completionSource: () => [catalog, {}],
  fixTransaction: () => {
    const r = lintResult();
    const d = r.diagnostics.find((x) => x.fixes?.length) as import('../../src/index.js').Diagnostic;
    return [state(), { fix: d.fixes![0], diagnostic: d, linted: state().doc, from: d.span?.start ?? 0 }, catalog];
  },
  formatQuery: () => [catalog],
  formatTransaction: () => [state(), catalog],
  './codemirror#hoverAt': () => ['brand = "Acme"', 1, catalog, 1],
  hoverSource: () => [catalog],
  lintSource: () => [catalog, () => undefined],
  lintState: () => [state(), catalog],
  markdownToDom: () => ['**a** `b`', fakeDocument()],
  parseInline: () => ['**a** `b`'],
  parseMarkdown: () => ['**a**\n\n`b`'],
  toCmDiagnostics: () => [lintResult(), state().doc, catalog],
  toCompletion: () => [root.complete('', 0, catalog)[0], 0],
  // catq/lsp
  DocumentChecker: () => [undefined],
  IncrementalLinter: () => [{}],
  Sources: () => [{}],
  checkText: () => ['brand = "Acme"', catalog, undefined],
  codeActions: () => ['file:///q.catq', root.toLspDiagnostics(lintResult().diagnostics, 'brand = "Acme" and price < "150"'), { start: { line: 0, character: 0 }, end: { line: 0, character: 40 } }],
  completionItems: () => ['brand = ', 8, catalog, items, false],
  documentSymbols: () => ['brand = "Acme"', catalog],
  formatDocument: () => ['brand = "Acme"'],
  './lsp#hoverAt': () => ['brand = "Acme"', 1, catalog],
  splitClauses: () => ['brand = "Acme" and price < 1'],
  splitElements: () => ['[["brand","Acme"]]'],
  startServer: null,
};


// ---- the walk -----------------------------------------------------------------------------------

interface Export {
  entry: string;
  name: string;
  fn: (...args: unknown[]) => unknown;
}

/** Each function export once (entries share the stages' functions in src/). */
const exportsToWalk: Export[] = [];
const seen = new Set<unknown>();
for (const [entry, mod] of Object.entries(entries)) {
  for (const [name, value] of Object.entries(mod)) {
    if (typeof value !== 'function' || seen.has(value)) continue;
    seen.add(value);
    exportsToWalk.push({ entry, name, fn: value as Export['fn'] });
  }
}

const isClass = (f: unknown): boolean => /^class\b/.test(Function.prototype.toString.call(f));
const validOf = (e: Export): (() => unknown[]) | null | undefined => (`${e.entry}#${e.name}` in VALID ? VALID[`${e.entry}#${e.name}`] : VALID[e.name]);

/** What `call` threw, or the promise it returned rejected with; undefined when it returned. */
async function failure(call: () => unknown): Promise<{ error: unknown } | undefined> {
  try {
    const r = call();
    let promise = false;
    try {
      promise = r instanceof Promise;
    } catch {
      // a function that handed the Proxy back (a revoked Proxy has no prototype to ask)
    }
    if (promise) await r;
    return undefined;
  } catch (error) {
    return { error };
  }
}

function describeError(e: unknown): string {
  try {
    return e instanceof Error ? `${e.constructor.name}: ${e.message.slice(0, 120)}` : `a thrown ${typeof e}`;
  } catch {
    return 'an error that cannot be read';
  }
}

/** Every call of `e` with a Proxy somewhere, and what it threw when that was not a QueryError. */
async function offences(e: Export): Promise<string[]> {
  const valid = validOf(e);
  const good = valid ? valid() : [];
  const n = Math.max(good.length, e.fn.length, 1);
  const out: string[] = [];
  const run = async (args: unknown[], what: string): Promise<void> => {
    const f = await failure(() => (isClass(e.fn) ? new (e.fn as unknown as new (...a: unknown[]) => unknown)(...args) : e.fn(...args)));
    if (f && !(f.error instanceof QueryError)) out.push(`${e.name}: ${what}: ${describeError(f.error)}`);
  };
  for (let i = 0; i < n; i++) {
    for (const [proxyName, make] of PROXIES) {
      const alone: unknown[] = new Array(n).fill(undefined);
      alone[i] = make();
      await run(alone, `argument ${i + 1} ${proxyName}, the others left out`);
      if (!valid) continue;
      const among = valid();
      while (among.length < n) among.push(undefined);
      among[i] = make();
      await run(among, `argument ${i + 1} ${proxyName} among valid arguments`);
    }
  }
  return out;
}

describe('every function export, given Proxies that cannot be read, throws only QueryErrors', () => {
  it('walks every entry of package.json', () => {
    expect(Object.keys(ENTRY_SOURCES).sort()).toEqual(Object.keys(pkg.exports).filter((k) => k !== './package.json').sort());
  });

  it('every function export has valid arguments here', () => {
    expect(exportsToWalk.filter((e) => validOf(e) === undefined).map((e) => `${e.entry} ${e.name}`)).toEqual([]);
    expect(exportsToWalk.length).toBeGreaterThan(120);
  });

  it('the valid arguments are valid (the calls among them are calls that work)', async () => {
    const broken: string[] = [];
    for (const e of exportsToWalk) {
      const valid = validOf(e);
      if (!valid) continue;
      const f = await failure(() => (isClass(e.fn) ? new (e.fn as unknown as new (...a: unknown[]) => unknown)(...valid()) : e.fn(...valid())));
      if (f) broken.push(`${e.entry} ${e.name}: ${describeError(f.error)}`);
    }
    expect(broken).toEqual([]);
  });

  for (const e of exportsToWalk) {
    it(`${e.entry} ${e.name}`, async () => {
      expect(await offences(e)).toEqual([]);
    });
  }
});
