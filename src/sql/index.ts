/**
 * Stage `sql`: compiles queries to PostgreSQL, SQLite and MySQL/MariaDB with the evaluator's exact meaning,
 * keyset-paginated listing, and the PostgreSQL indexes that make them fast. See docs/sql.md.
 * @module
 */
export { toSql, type SqlQuery, type SqlStatement } from './to-sql.js';
export { listSql, sqlPage, type SqlListing, type ListSqlOptions } from './listing.js';
export { indexSql, type IndexDdl, type IndexSqlOptions } from './index-ddl.js';
export { sqlListItems, type SqlRunner, type SqlListItemsOptions, type SqlListItemsResult } from './run-listing.js';
export { registerSqliteFunctions, type SqliteFunctionHost } from './sqlite-functions.js';
export type { SqlOptions } from './options.js';
export { DIALECT_NAMES, type DialectName } from './dialects.js';
export { pgHolds } from './layout/safe-text.js';
export {
  searchLayout,
  layoutDdl,
  layoutIndexNames,
  layoutRow,
  layoutUpsert,
  layoutDeleteSql,
  layoutListSql,
  layoutListItems,
  layoutListItemsJson,
  layoutPage,
  layoutPageJson,
  layoutTermStatisticsSql,
  layoutCommonTerms,
  ListingMemory,
  walkRowsFor,
  DEFAULT_PREFIX_LENGTH,
  DEFAULT_TERM_BYTES,
  type SearchLayout,
  type LayoutAttribute,
  type LayoutIndex,
  type ColumnRole,
  type LayoutPolicy,
  type LayoutDdlOptions,
  type AttributePolicy,
  type LayoutRow,
  type LayoutRowResult,
  type LayoutProblem,
  type LayoutEntry,
  type LayoutEntryProblem,
  type LayoutUpsert,
  type LayoutListOptions,
  type LayoutListing,
  type LayoutListItemsOptions,
  type LayoutListItemsJsonResult,
  type LayoutTarget,
  type LayoutWhereOptions,
} from './layout/index.js';
