/**
 * The typed query builder (`catq/builder`): `queryBuilder(catalog).where('price', '<', 20)`,
 * typed from a catalog declared as a constant and checked against it at run time.
 * @module
 */
export { queryBuilder, defineCatalog, isQueryBuilder, QueryBuilder } from './query-builder.js';
export { OPERATORS_BY_TYPE } from './operators-by-type.js';
// What the builder throws, so that an application using only `catq/builder` can catch it without
// importing the root entry (and its weight in a browser bundle).
export { QueryError, isQueryError } from '../diagnostics/index.js';
export type { QueryBuilderOptions } from './options.js';
export type {
  AliasField,
  AliasTarget,
  AttributeOf,
  DeclaredField,
  FieldOf,
  IsRuntimeCatalog,
  NonEmpty,
  OperatorFor,
  OperatorOf,
  ScalarOf,
  TypeOf,
  ValueFor,
  ValueOf,
} from './catalog-types.js';
