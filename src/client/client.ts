/**
 * `createClient`: a typed client of the catalog-management interface, with a method per
 * operation, auto-paginating lists, batch helpers and retries.
 */
import type { Catalog } from '../catalog/index.js';
import { argumentError, throwBadArgument } from '../diagnostics/index.js';
import { encode } from '../wire/encode.js';
import { idToText } from '../listing/id-text.js';
import { checkItems, checkScope, itemsPath, checkCatalogId } from './arguments.js';
import { runBatches } from './batches.js';
import { CatalogResponseError } from './errors.js';
import { checkCallOptions, checkConcurrency, checkTimeout, readOptions, type BatchOptions, type CallOptions, type ClientOptions, type ListItemsOptions, type ListOptions } from './options.js';
import { checkPage, ItemIterator, pageQueryString, PageIterator, paramsOfScope, type PageParams } from './pages.js';
import type { PreSendCheck } from './pre-send.js';
import { queryParameter } from './query-parameter.js';
import { retryPolicy } from './retry.js';
import { send } from './transport.js';
import type { BatchResult, Item, ItemId, ItemKind, JobSubmission, ListedCatalog, ListedItem, RawItem } from './types.js';

export type { BatchOptions, CallOptions, ClientOptions, ListItemsOptions, ListOptions } from './options.js';

/** The client returned by {@link createClient}. */
export interface CatalogClient {
  /**
   * Get Catalog (`GET /v1/catalog/{catalogId}`); the catalog is then known (for validating `q`,
   * with the pre-send check, and for ordering batches by item id).
   */
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
  let config: ReturnType<typeof readOptions>;
  const known = new Map<number, Catalog>();
  try {
    config = readOptions(options);
    const given: unknown = options.catalogs;
    if (given !== undefined && !Array.isArray(given)) throwBadArgument('createClient', 'catalogs', 'an array of catalogs', given, 'Pass catalogs: [catalog].');
    for (const c of (given ?? []) as unknown[]) remember(known, c, config.check);
  } catch (e) {
    // Options that cannot be read (a revoked Proxy, a getter that throws) are a QueryError too.
    throw argumentError('createClient', e);
  }
  const check = config.check;

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
    // With the pre-send check: read by the wire decoder and validated against the catalog of the
    // kind listed (the referenced one, or the derived records). Without it: only made wire text.
    const q =
      o?.q === undefined ? undefined
      : check ? encode(check.readQuery(o.q, check.catalogOfKind(known, catalogId, kind), options.parse))
      : queryParameter(o.q, options.parse);
    return pager<ListedItem, ItemId>(path, o, q);
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
      // Without the pre-send check a catalog is kept as the service sent it: read every field warily.
      const idKey = (c: Catalog) => (typeof c.Aliases?.Id === 'string' ? c.Aliases.Id : undefined);
      if (kind === 'product') return idKey(catalog);
      const conf = catalog.Configuration?.[kind === 'brand' ? 'Brands' : kind === 'category' ? 'Categories' : 'Merchants'];
      return conf?.Source === 'Referenced' ? idKey(await read(conf.ReferenceId)) : undefined;
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
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new CatalogResponseError('the response is not a catalog', body, { method: 'GET', url: config.baseUrl + path });
      if (!check) {
        // Without the pre-send check the catalog is not read: returned and kept as sent.
        known.set(catalogId, body as Catalog);
        return body as Catalog;
      }
      const catalog = check.readCatalog(body);
      if (catalog) known.set(catalogId, catalog);
      // A catalog catq cannot check queries against: returned as sent, not used for validation.
      return catalog ?? (body as Catalog);
    },
    listCatalogs: (o) => new ItemIterator(pager<ListedCatalog, number>('/v1/catalog', o, undefined)),
    listCatalogPages: (o) => pager<ListedCatalog, number>('/v1/catalog', o, undefined),
    async getItem(catalogId, kind, id, o) {
      checkCallOptions(o, 'getItem');
      if (!((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id)))) {
        throwBadArgument('getItem', 'id', 'a non-empty string or a finite number', id, 'Pass the item id.');
      }
      const body = await call('GET', `${itemsPath(catalogId, kind, 'getItem')}/${encodeURIComponent(typeof id === 'string' ? idToText(id) : String(id))}`, o);
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

/**
 * Keeps a catalog given in `catalogs`: read by the pre-send check when there is one; otherwise
 * only its `Id` is checked (the catalog then serves to order batches by item id).
 */
function remember(known: Map<number, Catalog>, c: unknown, check: PreSendCheck | undefined): void {
  const fix = check ? 'Pass catalogs that loadCatalog accepts.' : 'Pass catalogs as Get Catalog returns them.';
  const catalog = check ? check.readCatalog(c) : isCatalogLike(c) ? c : undefined;
  if (!catalog) return throwBadArgument('createClient', 'catalogs', "catalogs in the interface's full form", c, fix);
  known.set(catalog.Id, catalog);
}

function isCatalogLike(c: unknown): c is Catalog {
  return !!c && typeof c === 'object' && !Array.isArray(c) && Number.isSafeInteger((c as { Id?: unknown }).Id);
}
