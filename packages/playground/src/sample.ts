/**
 * The sample catalog and items, embedded in the page at build time as JSON (not as script: see
 * build.mjs), loaded through `loadCatalog` like any catalog.
 */
import { loadCatalog, renderDiagnostics, type Catalog } from 'catq';
import { byId } from './dom.js';

/** The sample: the catalog and its raw items. */
export interface Sample {
  readonly catalog: Catalog;
  readonly items: readonly unknown[];
}

/** Reads the sample from the page's `<script type="application/json">` elements. */
export function readSample(): Sample {
  const raw: unknown = JSON.parse(byId('catq-catalog').textContent ?? 'null');
  const { catalog, diagnostics } = loadCatalog(raw);
  if (!catalog) throw new Error('the embedded catalog is not valid:\n' + renderDiagnostics(diagnostics, ''));
  const items: unknown = JSON.parse(byId('catq-items').textContent ?? '[]');
  return { catalog, items: Array.isArray(items) ? items : [] };
}
