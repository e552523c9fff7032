import type { Query } from '../ast/index.js';

/**
 * The queries that `decode` read last from JSON text within the default limits (or tighter
 * ones): frozen nodes whose clauses' parts are own data properties, whose values come from
 * `JSON.parse` (no holes, cycles, getters, proxies or class instances; finite numbers) and are
 * no deeper and hold no more values than the default limits allow (`DEFAULT_LIMITS`). Reading
 * their clauses safely and copying their values (what `validate` does with any clause) finds
 * nothing and gives equal clauses, so `validate` takes them as they are.
 *
 * Only the last few are known, by identity: a query is checked right after it is decoded, and a
 * WeakSet entry costs about as much as the reading it saves (measured: 0.4 µs an entry, from its
 * weak handling in the garbage collector). A hand-built look-alike is never one of them, and
 * anything else is read the safe way, which is only slower. (Each entry bundle has its own list.)
 * The list keeps the last four such queries alive until later ones replace them (each is at most
 * the default 100,000 characters of text).
 */
const RECENT = 4;
const recent: (Query | undefined)[] = new Array<Query | undefined>(RECENT).fill(undefined);
let next = 0;

/** Records a query read from JSON text within the default limits (see {@link isPlainQuery}). */
export function markPlainQuery(q: Query): Query {
  recent[next] = q;
  next = (next + 1) % RECENT;
  return q;
}

/** Whether `q` is one of the last queries `decode` read from JSON text within the default limits. */
export function isPlainQuery(q: unknown): q is Query {
  for (let i = 0; i < RECENT; i++) if (recent[i] === q) return q !== undefined;
  return false;
}
