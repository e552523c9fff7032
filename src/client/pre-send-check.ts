/**
 * `preSendCheck`: the client's check of `q` before sending, given to `createClient({ check })`.
 * It reads `q` with the wire decoder (every diagnostic of a malformed query, with its place),
 * validates it against the catalog of the kind listed when the client knows that catalog, and
 * reads catalogs with `loadCatalog`.
 */
import { hasErrors } from '../diagnostics/index.js';
import { loadCatalog } from '../catalog/index.js';
import { kindCatalog } from './kind-catalog.js';
import type { PreSendCheck } from './pre-send.js';
import { readQueryInput } from './query-input.js';

/**
 * The check catq provides: `createClient({ baseUrl, apiKey, check: preSendCheck })` validates `q`
 * against every catalog the client knows (passed in `catalogs`, or read with `getCatalog`) and
 * throws a `QueryError` with every problem before anything is sent.
 */
export const preSendCheck: PreSendCheck = {
  readQuery: readQueryInput,
  catalogOfKind: kindCatalog,
  readCatalog(value) {
    const { catalog, diagnostics } = loadCatalog(value);
    return catalog && !hasErrors(diagnostics) ? catalog : undefined;
  },
};
