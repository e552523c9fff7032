import { argumentError, throwBadArgument } from '../diagnostics/index.js';

/**
 * Compares strings by Unicode code point (docs/semantics.md section 3), not by UTF-16 code unit as
 * JavaScript's `<` does. The two differ where a surrogate pair (a code point above U+FFFF) meets a
 * code unit from U+E000 to U+FFFF, and where a lone surrogate is involved: a lone surrogate is the
 * code point of its own value (U+D800..U+DFFF, as `codePointAt` and `for...of` read it), so it sorts
 * below U+E000 and below every code point above U+FFFF. This is also the byte order of UTF-8 (of
 * WTF-8 for lone surrogates), which is what SQL `COLLATE "C"` (or SQLite's BINARY) compares.
 */
export function compareCodePoints(a: string, b: string): number {
  try {
    if (typeof a !== 'string') throwBadArgument('compareCodePoints', 'a', 'a string', a, 'Pass two strings.');
    if (typeof b !== 'string') throwBadArgument('compareCodePoints', 'b', 'a string', b, 'Pass two strings.');
    return codePointOrder(a, b);
  } catch (e) {
    throw argumentError('compareCodePoints', e);
  }
}

/**
 * {@link compareCodePoints} without its argument checks, for catq's own callers that hold two
 * strings already (compiled predicates, sorts of ids and keys): it runs once per item or per
 * comparison, and stays small enough for the engine to inline.
 */
export function codePointOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A unit below U+D800 is a whole code point, and below every unit a surrogate or U+E000..U+FFFF
    // can start: UTF-16 order is code point order there (see firstDifference for why that holds
    // after a shared high surrogate too).
    if (x < 0xd800 || y < 0xd800) return x - y;
    return firstDifference(a, b, i, x, y);
  }
  // A string that is the other's prefix in units is below it in code points as well (when the
  // prefix ends in a high surrogate the longer string pairs, that surrogate is alone in the prefix,
  // and a lone high surrogate is below the pair's code point).
  return a.length - b.length;
}

const isHigh = (u: number): boolean => u >= 0xd800 && u <= 0xdbff;
const isLow = (u: number): boolean => u >= 0xdc00 && u <= 0xdfff;

/**
 * The order of `a` and `b`, whose units agree before `i` and differ at `i` (`x`, `y`, both at or
 * above U+D800). When the shared unit before `i` is a high surrogate, the code point it starts is
 * decided by the unit at `i`: a low surrogate there pairs with it (a code point above U+FFFF),
 * anything else leaves it alone (its own value, below U+DC00). Otherwise the code points start at
 * `i` in both strings.
 */
function firstDifference(a: string, b: string, i: number, x: number, y: number): number {
  if (i > 0 && isHigh(a.charCodeAt(i - 1))) {
    const xl = isLow(x);
    const yl = isLow(y);
    // Both pair with the same high surrogate: the low halves order the code points.
    if (xl && yl) return x - y;
    // One pairs (above U+FFFF), the other leaves the high surrogate alone (below U+DC00).
    if (xl !== yl) return xl ? 1 : -1;
    // Both leave it alone: the code points that start at `i` decide.
  }
  return startingAt(a, i, x) - startingAt(b, i, y);
}

/** The code point that starts at unit `i` (`u`) of `s`: a pair's, or the unit's own. */
function startingAt(s: string, i: number, u: number): number {
  if (isHigh(u)) {
    const next = s.charCodeAt(i + 1);
    if (isLow(next)) return 0x10000 + ((u - 0xd800) << 10) + (next - 0xdc00);
  }
  return u;
}
