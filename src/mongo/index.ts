/**
 * Stage `mongo`: compiles a query into a MongoDB filter document with exactly the evaluator's
 * meaning (docs/semantics.md), and listing parameters into filter, sort and limit. The output is plain
 * JSON: no `$where`, no JavaScript, no RegExp objects. See docs/backends.md for each operator's
 * filter and why the match language's own operators are not used.
 * @module
 */
export { toMongo } from './compile.js';
export { toMongoListing, mongoPage, type MongoListing, type MongoListingParams } from './listing.js';
export { REGEX_OPTIONS } from './token-pattern.js';
export type { MongoExpr, MongoFilter, MongoSort, MongoOptions } from './types.js';
