import type { Diagnostic } from 'catq';
import { readListingParams } from 'catq/listing';
import { layoutListItems, layoutListItemsJson, sqlListItems } from 'catq/sql';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { diagnosticMessages, HttpError, validationMessages } from '../errors.js';
import { fullForm, pageForm, uriOptions } from '../forms.js';
import { resolveKind, type ItemKind, type KindSource } from '../kinds.js';
import { ERROR_RESPONSES, FullItem, ItemListQuery, ItemPage, ItemParams, KindParams } from '../schemas.js';
import { getDerived, getItem, pathIdCandidates } from '../store/items.js';
import { commonTermsOf, storeOf, tableRowsOf } from '../store/layout.js';
import { catalogDb, type ServiceContext } from '../context.js';
import { sentQuery } from '../querystring.js';
import type { Db, Queryable } from '../store/db.js';
import { catalogOf } from './catalogs.js';

/** The source of `{catalogId}/{item}` for the request's network, or a 404. */
export function sourceOf(ctx: ServiceContext, networkId: number, catalogId: number, kind: ItemKind): KindSource {
  const catalog = catalogOf(ctx, networkId, catalogId);
  const r = resolveKind(catalog, kind, ctx.networks.get(networkId) ?? new Map());
  if ('notFound' in r) throw new HttpError(404, [r.notFound]);
  return r.source;
}

/** `{ [key]: value }`, or nothing when the value is undefined (exactOptionalPropertyTypes). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}

/** Problems of the path: its catalog id's text (path-ids.ts) and the schema's errors (the query string is checked by catq, with its messages). */
function pathErrors(req: FastifyRequest): string[] {
  const own = req.catalogIdProblem ? [req.catalogIdProblem] : [];
  const v = req.validationError as (Error & { validation?: { instancePath?: string }[]; validationContext?: string }) | undefined;
  if (!v || v.validationContext !== 'params') return own;
  // The catalog id's own problem replaces the schema's message on it ("must be >= 100" for 0x10).
  const schema = own.length ? (v.validation ?? []).filter((e) => e.instancePath !== '/catalogId') : (v.validation ?? []);
  return [...own, ...validationMessages(schema, 'params')];
}

/** The 400 of a List request whose parameters catq refused (counted by code in the metrics). */
function rejected(ctx: ServiceContext, diagnostics: readonly Diagnostic[]): HttpError {
  for (const d of diagnostics) if (d.severity === 'error') ctx.metrics?.qRejected.inc({ code: d.code });
  return new HttpError(400, diagnosticMessages(diagnostics));
}

/** Get Catalog Item and List Catalog Items. */
export function itemRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // Reads go to the catalog's shard (with shard servers), to the read replicas when there are
  // any (store/db.ts), else to the database.
  const readsOf = (db: Db): Queryable => db.reads ?? db;
  const runOn = (reads: Queryable) => (sql: string, params: readonly unknown[]) => reads.query(sql, params);
  // A page's rest is meant for the clause indexes (catq's layoutListItems).
  const runRestOn = (reads: Queryable) => (sql: string, params: readonly unknown[]) => (reads.queryIndexed ? reads.queryIndexed(sql, params) : reads.query(sql, params));

  r.get(
    '/v1/catalog/:catalogId/:item',
    { attachValidation: true, schema: { summary: 'List Catalog Items', operationId: 'listCatalogItems', params: KindParams, querystring: ItemListQuery, response: { 200: ItemPage, ...ERROR_RESPONSES } } },
    async (req, reply) => {
      // The parameters as the URL sent them, not as the schema's type coercion left them.
      const query = sentQuery(req.url);
      const path = pathErrors(req);
      if (path.length) {
        // The path is wrong, but report the parameters' problems too (every problem at once).
        throw new HttpError(400, [...path, ...diagnosticMessages(readListingParams(query, { numericStrings: true }).diagnostics)]);
      }
      const source = sourceOf(ctx, req.networkId, req.params.catalogId, req.params.item);
      const db = catalogDb(ctx, source.tableId);
      const reads = readsOf(db);
      const run = runOn(reads);
      const store = source.type === 'ItemFields' ? undefined : storeOf(db, source.table);
      // Items: on the search layout; a clause on an attribute not backfilled yet is answered
      // from the raw JSON. Derived records (views), and items while a database of the raw-only
      // layout gets its search rows: catq's compiler over the raw JSON.
      const layoutOptions = store?.rowsComplete
        ? {
            table: store.search,
            rawTable: store.raw,
            backfilled: store.filled,
            // Rows written before the listed column existed are read from the raw table until it is backfilled.
            listedFilled: store.listedFilled,
            ...optional('tableRows', tableRowsOf(reads, store)),
            ...optional('commonTerms', commonTermsOf(reads, store)),
            runRest: runRestOn(reads),
            memory: store.memory,
            numericStrings: true,
            ...uriOptions(source, req.networkId),
          }
        : undefined;
      if (store && layoutOptions && source.type === 'Primary') {
        // Primary items are catq's listed form as the search table holds it: the page's JSON
        // text is sent as catq writes it, never parsed and serialized again.
        const { json, diagnostics } = await layoutListItemsJson(run, store.layout, query, layoutOptions);
        if (json === undefined) throw rejected(ctx, diagnostics);
        void reply.type('application/json; charset=utf-8');
        return json as never;
      }
      const { response, diagnostics } =
        store && layoutOptions
          ? await layoutListItems(run, store.layout, query, layoutOptions)
          : await sqlListItems(run, source.catalog, query, {
              dialect: 'postgres',
              table: source.table,
              indexed: true,
              // Keys as literals, so that the expressions are those of the raw-only layout's indexes.
              inlineConstants: true,
              numericStrings: true,
              ...uriOptions(source, req.networkId),
            });
      if (!response) throw rejected(ctx, diagnostics);
      return pageForm(response, source) as never;
    },
  );

  r.get(
    '/v1/catalog/:catalogId/:item/:id',
    { schema: { summary: 'Get Catalog Item', operationId: 'getCatalogItem', params: ItemParams, response: { 200: FullItem, ...ERROR_RESPONSES } } },
    async (req) => {
      const source = sourceOf(ctx, req.networkId, req.params.catalogId, req.params.item);
      const candidates = pathIdCandidates(req.params.id);
      const reads = readsOf(catalogDb(ctx, source.tableId));
      const raw = source.type === 'ItemFields' ? await getDerived(reads, source.table, candidates) : await getItem(reads, source.table, candidates);
      const form = raw === undefined ? undefined : fullForm(raw, source, req.networkId);
      if (!form) throw new HttpError(404, [`Catalog ${req.params.catalogId} has no ${req.params.item} with id ${JSON.stringify(req.params.id)}.`]);
      return form as never;
    },
  );
}
