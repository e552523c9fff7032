/**
 * The same checks on a real MongoDB (6.1+), when MONGODB_URI is set (for example
 * `MONGODB_URI=mongodb://localhost:27017 npx vitest run test/mongo/real-mongodb.test.ts`);
 * skipped otherwise. Each run uses a fresh database `catq_test_<pid>_<time>` and drops it.
 *
 * Unlike mingo, MongoDB needs no help: strings compare by code point, documents have no
 * prototype. The evaluator runs on the documents as MongoDB stored them (read back), so that BSON
 * encoding (a lone surrogate becomes U+FFFD in UTF-8) cannot pass for a compiler bug.
 */
import fc from 'fast-check';
import { MongoClient, type Collection, type Db, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { compile, listItems } from '../../src/eval/index.js';
import { compareIds, itemId, type ListPage } from '../../src/listing/index.js';
import { mongoPage, toMongo, toMongoListing, type MongoListingParams } from '../../src/mongo/index.js';
import { caseArb } from '../support/case-arbitrary.js';
import { CONFORMANCE_CATALOG, CONFORMANCE_ITEMS, CONFORMANCE_ROWS, IDLESS_ITEMS } from '../fixtures/conformance.js';
import { wireQuery } from './mingo-harness.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const uri = process.env['MONGODB_URI'];
if (!uri) {
  console.log('test/mongo/real-mongodb.test.ts: skipped, MONGODB_URI is not set (set it to a MongoDB 6.1+ server to run the conformance rows and a property sample against real MongoDB).');
}

/** Replaces the collection's documents with `{ _id: i, data: item }` and returns the stored items. */
async function load(coll: Collection, items: readonly unknown[]): Promise<unknown[]> {
  await coll.deleteMany({});
  if (items.length) await coll.insertMany(items.map((data, i) => ({ _id: i, data }) as unknown as Document));
  const stored = await coll.find({}).sort({ _id: 1 }).toArray();
  return stored.map((d) => d['data']);
}

async function selected(coll: Collection, filter: Document): Promise<number[]> {
  const docs = await coll.find(filter, { projection: { _id: 1 } }).toArray();
  return docs.map((d) => d._id as unknown as number).sort((a, b) => a - b);
}

async function page(coll: Collection, catalog: Catalog, q: Query, params: MongoListingParams): Promise<ListPage> {
  const ml = toMongoListing(q, catalog, params, { prefix: 'data' });
  const fetched = await coll.aggregate([...ml.pipeline] as Document[]).toArray();
  const far = ml.farSide ? (await coll.countDocuments(ml.farSide as Document, { limit: 1 })) > 0 : false;
  return mongoPage(ml, fetched, far, catalog);
}

describe.skipIf(!uri)('real MongoDB', () => {
  let client: MongoClient;
  let db: Db;
  beforeAll(async () => {
    client = new MongoClient(uri as string);
    await client.connect();
    db = client.db(`catq_test_${process.pid}_${Date.now()}`);
  });
  afterAll(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  it('runs the conformance table', async () => {
    const coll = db.collection('conformance');
    const items = await load(coll, [...CONFORMANCE_ITEMS, ...IDLESS_ITEMS]);
    for (const row of CONFORMANCE_ROWS) {
      const filter = toMongo(wireQuery(row.query), CONFORMANCE_CATALOG, { prefix: 'data' });
      const ids = (await selected(coll, filter as Document))
        .map((i) => itemId(items[i], CONFORMANCE_CATALOG))
        .filter((id): id is string | number => id !== undefined)
        .sort(compareIds);
      expect(ids, row.name).toEqual(row.expectedIds);
    }
  });

  it('agrees with the evaluator on generated cases', async () => {
    const coll = db.collection('property');
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const items = await load(coll, c.items);
        const p = compile(c.query, c.catalog);
        const expected = items.flatMap((it, i) => (p(it) ? [i] : []));
        expect(await selected(coll, toMongo(c.query, c.catalog, { prefix: 'data' }) as Document)).toEqual(expected);
      }),
      { seed: propertySeed(0x5eed6060), numRuns: propertyRuns(60) },
    );
  });

  it('pages like listItems', async () => {
    const coll = db.collection('listing');
    const items = await load(coll, [...CONFORMANCE_ITEMS, ...IDLESS_ITEMS]);
    const q = wireQuery([]);
    for (const comparison of [undefined, '>', '>=', '<', '<='] as const) {
      for (const boundary of [undefined, 5, 'K', 'k-\uFFFD']) {
        if (comparison !== undefined && boundary === undefined) continue;
        const params: MongoListingParams = { limit: 3, ...(boundary !== undefined ? { boundary } : {}), ...(comparison ? { comparison } : {}) };
        const expected = listItems(items, CONFORMANCE_CATALOG, {
          q,
          limit: 3,
          ...(boundary !== undefined ? { 'boundary-id': boundary } : {}),
          ...(comparison ? { comparison } : {}),
        });
        expect(await page(coll, CONFORMANCE_CATALOG, q, params)).toEqual(expected.response);
      }
    }
  });
});
