import type { LimitOptions } from '../check/index.js';
import type { JsonValue } from '../ast/index.js';

/**
 * An aggregation expression or a query document, as plain JSON: no functions, no `RegExp`
 * objects, no `$where`, nothing that needs JavaScript on the server. `JSON.stringify` of any
 * value of this type is exactly what the driver sends (as extended JSON with doubles and strings).
 */
export type MongoExpr = JsonValue;

/** A MongoDB query filter document (the argument of `find`, `countDocuments` or `$match`). */
export interface MongoFilter {
  readonly [key: string]: JsonValue;
}

/** A MongoDB sort document: one key, `1` ascending or `-1` descending. */
export interface MongoSort {
  readonly [path: string]: 1 | -1;
}

/** Options of `toMongo` and `toMongoListing`. */
export interface MongoOptions extends LimitOptions {
  /**
   * The dotted path of the field that holds the raw item in each document (for example `'data'`
   * when documents look like `{ _id, data: { ...raw item } }`). Absent: the documents ARE the raw
   * items. Segments must be non-empty and must not start with `$`; the path must not cross arrays.
   */
  readonly prefix?: string;
}
