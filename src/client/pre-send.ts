/**
 * The shape of the check a client runs before sending, when it is given one
 * (`createClient({ check: preSendCheck })`, with `preSendCheck` from `catq/client/check`). Only
 * the shape lives here: the client calls it, and its code (the wire decoder, the checker, the
 * catalog loader) is in a bundle only when the application imports `catq/client/check`.
 */
import type { Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import type { InfixParser } from './query-parameter.js';
import type { ItemKind } from './types.js';

/**
 * What the client does with `q` and with catalogs when it checks queries before sending them.
 * `preSendCheck` of `catq/client/check` is the one catq provides.
 */
export interface PreSendCheck {
  /**
   * Reads `q` (any form `listItems` accepts) into a query and, when `catalog` is given, validates
   * it against that catalog. Throws `QueryError` with every diagnostic; nothing is then sent.
   */
  readonly readQuery: (q: unknown, catalog: Catalog | undefined, parse: InfixParser | undefined) => Query;
  /**
   * The catalog that `q` of `kind` in catalog `catalogId` is validated against, among the
   * catalogs the client knows; undefined when it is not known (the service then checks `q`).
   */
  readonly catalogOfKind: (known: ReadonlyMap<number, Catalog>, catalogId: number, kind: ItemKind) => Catalog | undefined;
  /**
   * Reads a catalog (given in `catalogs`, or sent by the service to `getCatalog`) as `loadCatalog`
   * does: the checked catalog, or undefined when queries cannot be checked against it.
   */
  readonly readCatalog: (value: unknown) => Catalog | undefined;
}
