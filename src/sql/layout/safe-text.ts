import { throwBadArgument } from '../../diagnostics/index.js';
import type { OrderOp } from '../../operators/index.js';

const UNHOLDABLE = /[\u0000]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether PostgreSQL text (and jsonb) can hold `s`: not when it contains U+0000 or a lone
 * surrogate (not well-formed Unicode; a driver would replace it with U+FFFD in silence).
 */
export function pgHolds(s: string): boolean {
  if (typeof s !== 'string') throwBadArgument('pgHolds', 's', 'a string', s, 'Pass the text to check.');
  return !UNHOLDABLE.test(s);
}

/**
 * Whether `s` is well-formed Unicode (no lone surrogate): what a driver that encodes bound strings
 * as UTF-8 (node-postgres, mysql2) sends unchanged. U+0000 is well-formed.
 */
export function isWellFormedText(s: string): boolean {
  return !LONE_SURROGATE.test(s);
}

/**
 * Why indexSql writes no index for an attribute name with a lone surrogate, in a dialect whose
 * JSON cannot hold one (PostgreSQL, MariaDB): no stored item has such a key, so the compiled
 * queries read it as missing, without any index.
 */
export const LONE_SURROGATE_KEY = 'the attribute name holds a lone surrogate: no stored item can have it (queries read it as missing)';

/** The UTF-16 length of the first `n` code points of `s`, or undefined when `s` has fewer than `n`. */
function cutAt(s: string, n: number): number | undefined {
  let i = 0;
  for (let k = 0; k < n; k++) {
    if (i >= s.length) return undefined;
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return i;
}

/**
 * The index key of a string: the string itself when it has fewer than `n` code points, else its
 * first `n` code points (what PostgreSQL's `left(s, n)` gives). A cut key has exactly `n` code
 * points, so it never equals the key of a shorter string; and cutting keeps code point order
 * (`a <= b` implies `key(a) <= key(b)`), so a range on keys is a necessary condition.
 */
export function stringKey(s: string, n: number): { readonly key: string; readonly cut: boolean } {
  const at = cutAt(s, n);
  return at === undefined ? { key: s, cut: false } : { key: s.slice(0, at), cut: true };
}

/**
 * A string order `x op value` restated for well-formed strings `x` when `value` holds something
 * PostgreSQL cannot bind (U+0000, a lone surrogate; with `nulHeld`, as in MySQL / MariaDB text,
 * only a lone surrogate), in the evaluator's code point order (compareCodePoints). With `p` the
 * part of `value` before the first such unit `u`:
 * - `u` is U+0000 (below every character): `x < value` iff `x <= p`;
 * - `u` is a lone surrogate, the code point of its own value (U+D800..U+DFFF): no well-formed `x`
 *   holds a code point in that range, so past `p` an `x` is below `value` exactly when it is below
 *   U+E000 there: `x < value` iff `x < p + U+E000`.
 * `value` itself is never an `x`, so `<=` is `<` and `>=` is `>`.
 */
export function holdableOrder(op: OrderOp, value: string, nulHeld = false): { readonly op: OrderOp; readonly value: string } {
  const m = (nulHeld ? LONE_SURROGATE : UNHOLDABLE).exec(value);
  if (!m) return { op, value };
  const p = value.slice(0, m.index);
  const below = op === '<' || op === '<=';
  if (value.charCodeAt(m.index) === 0) return { op: below ? '<=' : '>', value: p };
  return { op: below ? '<' : '>=', value: `${p}\uE000` };
}
