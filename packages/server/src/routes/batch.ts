import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { itemLabel, leftOutWarnings, prepareBatch, type Message } from '../batch.js';
import { HttpError } from '../errors.js';
import type { ItemKind, KindSource } from '../kinds.js';
import { batchDb } from '../dry-run.js';
import { BatchQuery, DeleteBody, ERROR_RESPONSES, JobSubmission, KindParams, UpdateBody, UpsertBody } from '../schemas.js';
import { mergeGinPendingLists } from '../store/gin-merge.js';
import { deleteItems, upsertBatch, updateItems } from '../store/items.js';
import { storeOf, type TableStore } from '../store/layout.js';
import { writeCatalog, type ServiceContext } from '../context.js';
import type { Db } from '../store/db.js';
import { sourceOf } from './items.js';

const CONFIG_KEY: Record<ItemKind, string> = { product: '', brand: 'Brands', category: 'Categories', merchant: 'Merchants' };

/** The source to write to: derived kinds (`ItemFields`) are read-only. */
function writable(ctx: ServiceContext, networkId: number, catalogId: number, kind: ItemKind): KindSource {
  const source = sourceOf(ctx, networkId, catalogId, kind);
  if (source.type === 'ItemFields') {
    throw new HttpError(400, [
      `The ${kind} items of catalog ${catalogId} are derived from its product items' fields (Configuration.${CONFIG_KEY[kind]} is ItemFields or absent), so they cannot be written; change the product items instead.`,
    ]);
  }
  return source;
}

/** The store of a writable source on its database (created with the schema for every catalog). */
function storeFor(db: Db, source: KindSource): TableStore {
  const store = storeOf(db, source.table);
  if (!store) throw new Error(`internal: no store for ${source.table}`);
  return store;
}

/** The response of a batch: its warnings, when there are any. */
function submission(warnings: readonly Message[]): { Warnings?: Message[] } {
  return warnings.length ? { Warnings: [...warnings] } : {};
}

/** The three batch operations: upsert, partial update, delete. Each batch is one transaction. */
export function batchRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const limits = { bodyLimit: ctx.bodyLimit };

  r.post(
    '/v1/catalog/:catalogId/:item/batch/upsert',
    { ...limits, schema: { summary: 'Upsert Multiple Catalog Items', operationId: 'upsertCatalogItems', params: KindParams, querystring: BatchQuery, body: UpsertBody, response: { 200: JobSubmission, ...ERROR_RESPONSES } } },
    async (req) => {
      const source = writable(ctx, req.networkId, req.params.catalogId, req.params.item);
      const batch = prepareBatch(req.body.Items, source.catalog, { checkFit: true });
      const left = await writeCatalog(ctx, source.tableId, (db) => upsertBatch(batchDb(db, req.query['dry-run']), storeFor(db, source), batch.items));
      if (!req.query['dry-run']) req.itemsWritten = batch.items.length - left.length;
      return submission([...batch.warnings, ...leftOutWarnings(batch, left)]);
    },
  );

  r.patch(
    '/v1/catalog/:catalogId/:item/batch/update',
    { ...limits, schema: { summary: 'Partially Update Multiple Catalog Items', operationId: 'updateCatalogItems', params: KindParams, querystring: BatchQuery, body: UpdateBody, response: { 200: JobSubmission, ...ERROR_RESPONSES } } },
    async (req) => {
      const source = writable(ctx, req.networkId, req.params.catalogId, req.params.item);
      const batch = prepareBatch(req.body.Items, source.catalog, { checkFit: true });
      const existed = await writeCatalog(ctx, source.tableId, async (db) => {
        const store = storeFor(db, source);
        const found = await batchDb(db, req.query['dry-run']).transaction((tx) => updateItems(tx, store, batch.items));
        await mergeGinPendingLists(db, store);
        return found;
      });
      if (!req.query['dry-run']) req.itemsWritten = existed.size;
      const missing = batch.items
        .filter((i) => !existed.has(i.key))
        .map((i) => {
          const place = batch.places.get(i.key);
          const who = place ? itemLabel(place.index, place.id) : `The item with id ${i.key}`;
          return { message: `${who}: no ${req.params.item} with that id exists in catalog ${source.tableId}; nothing was updated for it.` };
        });
      return submission([...batch.warnings, ...missing]);
    },
  );

  r.post(
    '/v1/catalog/:catalogId/:item/batch/delete',
    { ...limits, schema: { summary: 'Delete Multiple Catalog Items', operationId: 'deleteCatalogItems', params: KindParams, querystring: BatchQuery, body: DeleteBody, response: { 200: JobSubmission, ...ERROR_RESPONSES } } },
    async (req) => {
      const source = writable(ctx, req.networkId, req.params.catalogId, req.params.item);
      const batch = prepareBatch(req.body.Items, source.catalog, { checkFit: false });
      const deleted = await writeCatalog(ctx, source.tableId, (db) => batchDb(db, req.query['dry-run']).transaction((tx) => deleteItems(tx, storeFor(db, source), batch.items.map((i) => i.key))));
      if (!req.query['dry-run']) req.itemsWritten = deleted;
      return submission(batch.warnings);
    },
  );
}
