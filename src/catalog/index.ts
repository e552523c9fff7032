/**
 * The catalog model of the interface, loading untrusted catalog JSON, and field resolution
 * through `Aliases`.
 * @module
 */
export * from './types.js';
export * from './resolve-field.js';
