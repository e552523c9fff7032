/**
 * The search layout (docs/sql.md, "The search layout"): for a catalog written by its own
 * service, each item's searchable values laid out at write time in typed columns of a narrow
 * search table beside the raw items, and the listing compiled to plain index-answered
 * predicates on them. PostgreSQL 13+ and PGlite.
 * @module
 */
export { searchLayout, type SearchLayout, type LayoutAttribute, type LayoutIndex, type ColumnRole } from './plan.js';
export { type LayoutPolicy, type AttributePolicy, DEFAULT_PREFIX_LENGTH, DEFAULT_TERM_BYTES } from './policy.js';
export { layoutDdl, layoutIndexNames, type LayoutDdlOptions } from './ddl.js';
export { layoutRow, type LayoutRow, type LayoutRowResult, type LayoutProblem } from './row.js';
export { layoutUpsert, layoutDeleteSql, type LayoutEntry, type LayoutEntryProblem, type LayoutUpsert } from './upsert.js';
export { layoutListSql, walkRowsFor, type LayoutListOptions, type LayoutListing } from './listing.js';
export { layoutPage, layoutPageJson } from './page.js';
export { layoutListItems, layoutListItemsJson, type LayoutListItemsOptions, type LayoutListItemsJsonResult } from './run.js';
export { ListingMemory } from './memory.js';
export { layoutTermStatisticsSql, layoutCommonTerms } from './term-statistics.js';
export type { LayoutTarget } from './target.js';
export type { LayoutWhereOptions } from './where.js';
