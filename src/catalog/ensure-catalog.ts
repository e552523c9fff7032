import { badArgument, hasErrors, isArraySafe, type Diagnostic } from '../diagnostics/index.js';
import { checkedCatalogs as checked } from './checked-catalogs.js';
import { loadCatalog } from './load-catalog.js';

/**
 * The problems that make `catalog` unusable as the catalog argument of `fn`: not an object, or
 * an object that breaks the interface's Catalog rules (checked with loadCatalog, once per
 * object). Empty when it is fine. A catalog changed after it was checked is not checked again.
 */
export function catalogArgumentProblems(fn: string, catalog: unknown): Diagnostic[] {
  if (typeof catalog === 'object' && catalog !== null && checked.has(catalog)) return [];
  if (typeof catalog !== 'object' || catalog === null || isArraySafe(catalog)) {
    return [badArgument(fn, 'catalog', 'a catalog object', catalog, 'Pass the catalog returned by loadCatalog(json).')];
  }
  const problems = loadCatalog(catalog).diagnostics.filter((d) => d.severity === 'error');
  if (!hasErrors(problems)) checked.add(catalog);
  return problems;
}
