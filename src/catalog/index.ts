/**
 * The catalog model of the interface, loading untrusted catalog JSON, and field resolution
 * through `Aliases`.
 * @module
 */
export * from './types.js';
export * from './resolve-field.js';
export { loadCatalog, type LoadCatalogResult } from './load-catalog.js';
export { catalogArgumentProblems } from './ensure-catalog.js';
