/**
 * `createClient`: a typed client of the catalog-management interface, with a method per
 * operation, auto-paginating lists, batch helpers and retries.
 */
import { loadCatalog, type Catalog } from '../catalog/index.js';
import { hasErrors, throwBadArgument } from '../diagnostics/index.js';
import { runBatches } from './batches.js';
import { CatalogResponseError } from './errors.js';
import { checkPage, ItemIterator, pageQueryString, PageIterator, paramsOfScope, type Direction, type PageParams } from './pages.js';
import { qParameter, readQueryInput, type QueryInput } from './query-input.js';
import { retryPolicy, type RetryOptions, type RetryPolicy } from './retry.js';
import { send, type FetchFunction, type TransportConfig } from './transport.js';
import {
  ITEM_KINDS,
  type BatchResult,
  type Item,
  type ItemId,
  type ItemKind,
  type JobSubmission,
  type ListedCatalog,
  type ListedItem,
  type RawItem,
  type Scope,
} from './types.js';

/** Settings of {@link createClient}. */
export interface ClientOptions {
  /** The service's base address, e.g. `https://catalog.example.com`; paths `/v1/...` are appended. */
  readonly baseUrl: string;
  /** Sent as `X-Service-ApiKey` on every request. */
  readonly apiKey: string;
  /** The `fetch` to use; default the platform's `globalThis.fetch`. */
  readonly fetch?: FetchFunction;
  /** Time allowed for one attempt (response and body), in ms. Default 30,000. */
  readonly timeoutMs?: number;
  /** Retry settings for every call (see {@link RetryOptions}). */
  readonly retry?: RetryOptions;
  /** Requests a batch helper keeps in flight at once. Default 4. */
  readonly concurrency?: number;
  /**
   * Retry batch partial updates (PATCH) like the idempotent calls, on 5xx and network failures
   * too. Off by default: a PATCH whose response was lost may have been applied, and sending it
   * again would undo a concurrent change made in between. Turn on when no one else writes the
   * same keys.
   */
  readonly retryPartialUpdates?: boolean;
  /**
   * Catalogs known up front. `q` is validated against a known catalog before it is sent;
   * `getCatalog` adds the catalogs it reads.
   */
  readonly catalogs?: readonly Catalog[];
}

/** Per-call settings. */
export interface CallOptions {
  /** Aborts the call (waits between retries included); the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  readonly timeoutMs?: number;
  /** Overrides the client's retry settings for this call. */
  readonly retry?: RetryOptions;
}

/** Options of the list methods. */
export interface ListOptions extends CallOptions {
  /** Page size, 1 to 1000 (the service's default when absent). */
  readonly limit?: number;
  /**
   * `forward` (default) follows `NextQuery`; `backward` follows `PrevQuery`, and without `from`
   * starts at the end of the list.
   */
  readonly direction?: Direction;
  /**
   * Where to start: a Scope from an earlier page (`NextQuery`, `PrevQuery` or `Metadata.Scope`).
   * Its `q` and `limit` apply unless the `q` and `limit` options are given.
   */
  readonly from?: Scope<unknown>;
}

/** Options of {@link CatalogClient.listItems}. */
export interface ListItemsOptions extends ListOptions {
  /** The search: a builder (`toQuery()`), a Query, a wire array, or wire or infix text. */
  readonly q?: QueryInput;
}

/** Options of the batch helpers. */
export interface BatchOptions extends CallOptions {
  /** Overrides the client's `concurrency`. */
  readonly concurrency?: number;
}

/** The client returned by {@link createClient}. */
export interface CatalogClient {
  /** Get Catalog (`GET /v1/catalog/{catalogId}`); the catalog is then known for validating `q`. */
  getCatalog(catalogId: number, options?: CallOptions): Promise<Catalog>;
  /** List Catalogs: every listed catalog, page after page. */
  listCatalogs(options?: ListOptions): ItemIterator<ListedCatalog, number>;
  /** List Catalogs page by page. */
  listCatalogPages(options?: ListOptions): PageIterator<ListedCatalog, number>;
  /** Get Catalog Item (`GET /v1/catalog/{catalogId}/{item}/{id}`). */
  getItem(catalogId: number, kind: ItemKind, id: ItemId, options?: CallOptions): Promise<Item>;
  /** List Catalog Items: every listed item matching `q`, page after page. */
  listItems(catalogId: number, kind: ItemKind, options?: ListItemsOptions): ItemIterator<ListedItem>;
  /** List Catalog Items page by page. */
  listItemPages(catalogId: number, kind: ItemKind, options?: ListItemsOptions): PageIterator<ListedItem>;
  /** Batch upsert, in requests of at most 1000 items. */
  upsertItems(catalogId: number, kind: ItemKind, items: readonly RawItem[], options?: BatchOptions): Promise<BatchResult>;
  /** Batch partial update, in requests of at most 100 items. */
  updateItems(catalogId: number, kind: ItemKind, items: readonly RawItem[], options?: BatchOptions): Promise<BatchResult>;
  /** Batch delete, in requests of at most 1000 items (each identifying an item by its id key). */
  deleteItems(catalogId: number, kind: ItemKind, items: readonly RawItem[], options?: BatchOptions): Promise<BatchResult>;
}

/** Largest `Items` of one request per batch operation (the interface's limits). */
export const BATCH_LIMITS = { upsert: 1000, update: 100, delete: 1000 } as const;

/**
 * Creates a client of the catalog-management interface.
 *
 * ```ts
 * const client = createClient({ baseUrl: 'https://catalog.example.com', apiKey: process.env.API_KEY! });
 * for await (const item of client.listItems(1234, 'product', { q: 'price < 20', limit: 200 })) console.log(item.Id);
 * ```
 */
export function createClient(options: ClientOptions): CatalogClient {
  const config = readOptions(options);
  const known = new Map<number, Catalog>();
  const given: unknown = options.catalogs;
  if (given !== undefined && !Array.isArray(given)) throwBadArgument('createClient', 'catalogs', 'an array of catalogs', given, 'Pass catalogs: [catalog].');
  for (const c of (given ?? []) as unknown[]) remember(known, c, 'createClient');

  const call = (method: 'GET' | 'POST' | 'PATCH', path: string, o: CallOptions | undefined, extra: { query?: string; body?: unknown; idempotent?: boolean } = {}) =>
    send(config, {
      method,
      path,
      ...(extra.query !== undefined ? { query: extra.query } : {}),
      ...(extra.body !== undefined ? { body: extra.body } : {}),
      idempotent: extra.idempotent ?? true,
      signal: o?.signal,
      retry: retryPolicy(o?.retry, config.retry),
      timeoutMs: checkTimeout(o?.timeoutMs ?? config.timeoutMs, 'timeoutMs'),
    });

  const pager = <T, Id>(path: string, o: ListOptions | undefined, q: string | undefined): PageIterator<T, Id> => {
    checkCallOptions(o, 'list');
    const direction = o?.direction ?? 'forward';
    if (direction !== 'forward' && direction !== 'backward') throwBadArgument('list', 'direction', "'forward' or 'backward'", direction, "Pass direction: 'backward' to follow PrevQuery.");
    if (o?.limit !== undefined && !(Number.isInteger(o.limit) && o.limit >= 1 && o.limit <= 1000)) {
      throwBadArgument('list', 'limit', 'a whole number from 1 to 1000', o.limit, 'The interface allows pages of 1 to 1000 items.');
    }
    const from = o?.from !== undefined ? paramsOfScope(checkScope(o.from)) : {};
    const base: PageParams = { ...from, ...(q !== undefined ? { q } : {}), ...(o?.limit !== undefined ? { limit: o.limit } : {}) };
    const fetchPage = async (params: PageParams) => {
      const query = pageQueryString(params);
      const body = await call('GET', path, o, { query });
      return checkPage<T, Id>(body, { method: 'GET', url: `${config.baseUrl}${path}?${query}` });
    };
    const start = direction === 'backward' && o?.from === undefined ? { fromEnd: base } : { params: base };
    return new PageIterator<T, Id>(fetchPage, start, direction, config.baseUrl + path);
  };

  const itemPager = (catalogId: number, kind: ItemKind, o: ListItemsOptions | undefined): PageIterator<ListedItem> => {
    const path = itemsPath(catalogId, kind, 'listItems');
    const q = o?.q === undefined ? undefined : readQueryInput(o.q, known.get(catalogId));
    return pager<ListedItem, ItemId>(path, o, q === undefined ? undefined : qParameter(q));
  };

  /**
   * The raw key holding item ids for a kind: the catalog's `Aliases.Id` for products, the
   * referenced catalog's for a kind its Configuration sources from one. Catalogs not yet known are
   * read (once); undefined when that fails or the kind is derived from item fields.
   */
  const idKeyFor = async (catalogId: number, kind: ItemKind, o: CallOptions | undefined): Promise<string | undefined> => {
    const read = async (id: number) => known.get(id) ?? (await client.getCatalog(id, o));
    try {
      const catalog = await read(catalogId);
      if (kind === 'product') return catalog.Aliases?.Id;
      const conf = catalog.Configuration?.[kind === 'brand' ? 'Brands' : kind === 'category' ? 'Categories' : 'Merchants'];
      return conf?.Source === 'Referenced' ? (await read(conf.ReferenceId)).Aliases?.Id : undefined;
    } catch (e) {
      if (o?.signal?.aborted) throw e;
      return undefined;
    }
  };

  const batch = async (op: 'upsert' | 'update' | 'delete', catalogId: number, kind: ItemKind, items: readonly RawItem[], o: BatchOptions | undefined): Promise<BatchResult> => {
    const fn = `${op}Items`;
    checkCallOptions(o, fn);
    const path = `${itemsPath(catalogId, kind, fn)}/batch/${op}`;
    checkItems(fn, items);
    const concurrency = checkConcurrency(o?.concurrency ?? config.concurrency, fn);
    const method = op === 'update' ? 'PATCH' : 'POST';
    const idempotent = op !== 'update' || config.retryPartialUpdates;
    const size = BATCH_LIMITS[op];
    // Ids order the requests (see runBatches) and place warnings that name an id but no position.
    const key = items.length > size || known.has(catalogId) ? await idKeyFor(catalogId, kind, o) : undefined;
    const idOf = key === undefined ? undefined : (item: RawItem) => idText(item, key);
    return runBatches(items, size, concurrency, async (chunk) => (await call(method, path, o, { body: { Items: chunk }, idempotent })) as JobSubmission, idOf);
  };

  const client: CatalogClient = {
    async getCatalog(catalogId, o) {
      checkCallOptions(o, 'getCatalog');
      const path = `/v1/catalog/${checkCatalogId(catalogId, 'getCatalog')}`;
      const body = await call('GET', path, o);
      const { catalog, diagnostics } = loadCatalog(body);
      if (catalog && !hasErrors(diagnostics)) {
        known.set(catalogId, catalog);
        return catalog;
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new CatalogResponseError('the response is not a catalog', body, { method: 'GET', url: config.baseUrl + path });
      // A catalog catq cannot check queries against: returned as sent, not used for validation.
      return body as Catalog;
    },
    listCatalogs: (o) => new ItemIterator(pager<ListedCatalog, number>('/v1/catalog', o, undefined)),
    listCatalogPages: (o) => pager<ListedCatalog, number>('/v1/catalog', o, undefined),
    async getItem(catalogId, kind, id, o) {
      checkCallOptions(o, 'getItem');
      if (!((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id)))) {
        throwBadArgument('getItem', 'id', 'a non-empty string or a finite number', id, 'Pass the item id.');
      }
      const body = await call('GET', `${itemsPath(catalogId, kind, 'getItem')}/${encodeURIComponent(String(id))}`, o);
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new CatalogResponseError('the response is not an item', body, { method: 'GET', url: config.baseUrl + itemsPath(catalogId, kind, 'getItem') });
      return body as Item;
    },
    listItems: (catalogId, kind, o) => new ItemIterator(itemPager(catalogId, kind, o)),
    listItemPages: (catalogId, kind, o) => itemPager(catalogId, kind, o),
    upsertItems: (catalogId, kind, items, o) => batch('upsert', catalogId, kind, items, o),
    updateItems: (catalogId, kind, items, o) => batch('update', catalogId, kind, items, o),
    deleteItems: (catalogId, kind, items, o) => batch('delete', catalogId, kind, items, o),
  };
  return client;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** The id of a raw item at `key` as text, when it is a string or a finite number. */
function idText(item: RawItem, key: string): string | undefined {
  if (!hasOwn.call(item, key)) return undefined;
  const v = item[key];
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? String(v) : undefined;
}

function readOptions(o: ClientOptions): TransportConfig & { concurrency: number; retryPartialUpdates: boolean } {
  if (!o || typeof o !== 'object') throwBadArgument('createClient', 'options', 'an object { baseUrl, apiKey }', o, 'Pass createClient({ baseUrl, apiKey }).');
  let base: URL | undefined;
  try {
    base = typeof o.baseUrl === 'string' ? new URL(o.baseUrl) : undefined;
  } catch {
    base = undefined;
  }
  if (!base || (base.protocol !== 'https:' && base.protocol !== 'http:')) {
    throwBadArgument('createClient', 'baseUrl', 'an http(s) URL', o.baseUrl, "Pass the service's address, e.g. 'https://catalog.example.com'.");
  }
  if (typeof o.apiKey !== 'string' || o.apiKey === '') throwBadArgument('createClient', 'apiKey', 'a non-empty string', o.apiKey, 'Pass the API key generated in the account settings.');
  const f = o.fetch ?? (globalThis.fetch as FetchFunction | undefined);
  if (typeof f !== 'function') throwBadArgument('createClient', 'fetch', 'a fetch function', f, 'This platform has no global fetch: pass one.');
  if (o.retry !== undefined && (o.retry === null || typeof o.retry !== 'object')) throwBadArgument('createClient', 'retry', 'an object { retries?, baseDelayMs?, maxDelayMs? }', o.retry, 'Pass e.g. retry: { retries: 3 }.');
  const retry: RetryPolicy = retryPolicy(o.retry);
  if (!(Number.isInteger(retry.retries) && retry.retries >= 0)) throwBadArgument('createClient', 'retry.retries', 'a whole number ≥ 0', retry.retries, 'Pass e.g. retry: { retries: 3 }.');
  checkTimeout(retry.baseDelayMs, 'retry.baseDelayMs', true);
  checkTimeout(retry.maxDelayMs, 'retry.maxDelayMs', true);
  return {
    baseUrl: base.href.replace(/\/+$/, ''),
    apiKey: o.apiKey,
    fetch: f,
    retry,
    timeoutMs: checkTimeout(o.timeoutMs ?? 30_000, 'timeoutMs'),
    concurrency: checkConcurrency(o.concurrency ?? 4, 'createClient'),
    retryPartialUpdates: o.retryPartialUpdates === true,
  };
}

function checkTimeout(ms: unknown, name: string, zeroOk = false): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || (!zeroOk && ms === 0)) {
    throwBadArgument('createClient', name, zeroOk ? 'a number of milliseconds ≥ 0' : 'a number of milliseconds > 0', ms, 'Pass a duration in milliseconds.');
  }
  return ms;
}

/** Per-call options checked before anything is sent. */
function checkCallOptions(o: unknown, fn: string): CallOptions | undefined {
  if (o === undefined) return undefined;
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throwBadArgument(fn, 'options', 'an options object', o, 'Pass e.g. { signal, timeoutMs }.');
  const { signal, retry, timeoutMs } = o as { signal?: unknown; retry?: unknown; timeoutMs?: unknown };
  if (signal !== undefined && !(signal instanceof AbortSignal)) throwBadArgument(fn, 'options.signal', 'an AbortSignal', signal, 'Pass the signal of an AbortController, or AbortSignal.timeout(ms).');
  if (retry !== undefined && (retry === null || typeof retry !== 'object')) throwBadArgument(fn, 'options.retry', 'an object { retries?, baseDelayMs?, maxDelayMs? }', retry, 'Pass e.g. retry: { retries: 0 }.');
  if (timeoutMs !== undefined) checkTimeout(timeoutMs, 'options.timeoutMs');
  if (retry !== undefined) {
    const p = retryPolicy(retry as RetryOptions);
    if (!(Number.isInteger(p.retries) && p.retries >= 0)) throwBadArgument(fn, 'options.retry.retries', 'a whole number ≥ 0', p.retries, 'Pass e.g. retry: { retries: 3 }.');
    checkTimeout(p.baseDelayMs, 'options.retry.baseDelayMs', true);
    checkTimeout(p.maxDelayMs, 'options.retry.maxDelayMs', true);
  }
  return o as CallOptions;
}

function checkConcurrency(n: unknown, fn: string): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throwBadArgument(fn, 'concurrency', 'a whole number ≥ 1', n, 'Pass e.g. concurrency: 4.');
  return n;
}

function checkCatalogId(id: unknown, fn: string): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 100) throwBadArgument(fn, 'catalogId', 'a catalog id (a whole number ≥ 100)', id, 'Pass the numeric id of the catalog.');
  return id;
}

function itemsPath(catalogId: number, kind: ItemKind, fn: string): string {
  checkCatalogId(catalogId, fn);
  if (!ITEM_KINDS.includes(kind)) throwBadArgument(fn, 'kind', `one of ${ITEM_KINDS.join(', ')}`, kind, "Pass the item kind, e.g. 'product'.");
  return `/v1/catalog/${catalogId}/${kind}`;
}

function checkItems(fn: string, items: unknown): asserts items is readonly RawItem[] {
  if (!Array.isArray(items)) throwBadArgument(fn, 'items', 'an array of raw item objects', items, 'Pass the items as an array.');
  items.forEach((it: unknown, i) => {
    if (!it || typeof it !== 'object' || Array.isArray(it)) throwBadArgument(fn, `items[${i}]`, 'a raw item object', it, 'Every item is a JSON object keyed by the raw keys of the catalog.');
  });
}

function checkScope(s: unknown): Scope<unknown> {
  if (!s || typeof s !== 'object' || Array.isArray(s)) throwBadArgument('list', 'from', 'a Scope object (a NextQuery, PrevQuery or Metadata.Scope)', s, 'Pass a Scope from an earlier page.');
  return s as Scope<unknown>;
}

function remember(known: Map<number, Catalog>, c: unknown, fn: string): void {
  const { catalog, diagnostics } = loadCatalog(c);
  if (!catalog || hasErrors(diagnostics)) throwBadArgument(fn, 'catalogs', 'catalogs in the interface\'s full form', c, 'Pass catalogs that loadCatalog accepts.');
  known.set(catalog.Id, catalog);
}
