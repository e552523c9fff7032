/**
 * The compiler's input check: the shared validator (src/check) decides what a valid query is, so
 * every backend refuses the same queries with the same diagnostics. Warnings (duplicate or
 * never-true clauses) do not stop compilation; the clause compiler re-checks every value it
 * writes and fails closed (`mongo/unsupported`) should anything unexpected get through.
 */
import type { Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import { validate } from '../check/index.js';
import type { Diagnostic } from '../diagnostics/index.js';

/** Every diagnostic of the query against the catalog (errors make it uncompilable). */
export function checkQuery(q: Query, catalog: Catalog): Diagnostic[] {
  return validate(q, catalog);
}
