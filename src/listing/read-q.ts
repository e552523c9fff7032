import { isQuery, query as buildQuery, type Query } from '../ast/index.js';
import { isCheckedQuery, type CheckedQuery } from '../check/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { decode, type DecodeOptions } from '../wire/index.js';

/** What {@link readQueryParameter} read: the query, the checked query when `q` was one, the diagnostics. */
export interface QueryParameterRead {
  readonly query?: Query;
  /** Present when `q` was a {@link CheckedQuery} (the result of `check`): it need not be checked again. */
  readonly checked?: CheckedQuery;
  readonly diagnostics: Diagnostic[];
}

/**
 * Reads the `q` parameter: no query (`undefined`, `null`, `''`) is the empty query; a `Query`
 * object is taken as is, and so is a checked query (its query, and the plan for the backends);
 * anything else goes through the wire decoder (percent-encoded text, plain JSON text, or a parsed
 * array), whose diagnostics are returned unchanged. Text in the infix syntax is recognised by the
 * decoder's cheap look at its first characters (`wire/infix-as-q`, which says how to convert it);
 * the listing never loads the infix parser. `limits` are the decoder's (the `limits` option of
 * `listItems`; any query limits object may be passed).
 */
export function readQueryParameter(q: unknown, limits?: DecodeOptions): QueryParameterRead {
  if (q === undefined || q === null || q === '') return { query: buildQuery([]), diagnostics: [] };
  if (isCheckedQuery(q)) return { query: q.query, checked: q, diagnostics: [] };
  if (isQuery(q)) return { query: q, diagnostics: [] };
  const decoded = decode(q, limits);
  return decoded.query !== undefined ? { query: decoded.query, diagnostics: decoded.diagnostics } : { diagnostics: decoded.diagnostics };
}
