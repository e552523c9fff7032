import type { Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import type { Diagnostic, Fix, QueryChange } from '../diagnostics/index.js';
import { fixEdits, wirePrinter, type SourcePrinter } from './fix-edits.js';

/** What the checks of one query share: the query, the catalog and where the diagnostics go. */
export interface CheckContext {
  readonly query: Query;
  readonly catalog: Catalog;
  readonly out: Diagnostic[];
  /** Writes quick-fix edits; absent when the query's source syntax is unknown or has no positions. */
  readonly printer?: SourcePrinter | undefined;
  /**
   * How many diagnostics will be listed (`maxDiagnostics`): checks that report one diagnostic per
   * element of a value stop making them once `out` holds this many, and count the rest in one
   * `limit/more-diagnostics` (which `capDiagnostics` adds up).
   */
  readonly maxListed: number;
}

/**
 * Builds a context. Edits are computed with the wire printer for a wire query with positions;
 * otherwise fixes carry only their `change` (the infix `lint` recomputes edits with its printer).
 */
export function checkContext(query: Query, catalog: Catalog, maxListed = Infinity): CheckContext {
  const printer = query.syntax === 'wire' && query.clauses[0]?.spans ? wirePrinter : undefined;
  return { query, catalog, out: [], printer, maxListed };
}

/** A quick fix for `change`, with edits when the context can write them. */
export function makeFix(ctx: CheckContext, title: string, change: QueryChange): Fix {
  return { title, change, edits: ctx.printer ? fixEdits(ctx.query, change, ctx.printer) : [] };
}
