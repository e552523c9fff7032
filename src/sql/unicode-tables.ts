/**
 * Tables derived once, lazily, from the JavaScript engine's own Unicode data, so that SQL text
 * matching agrees with src/text by construction: the token character class
 * (`[\p{L}\p{M}\p{Nd}]`) as code point ranges, and the inverse of `toLowerCase()` over token
 * characters (which characters lower-case to a given string).
 */

/** Inclusive code point ranges, ascending. */
export type Ranges = readonly (readonly [number, number])[];

const IS_TOKEN_CHAR = /^[\p{L}\p{M}\p{Nd}]$/u;

let tokenRanges: Ranges | undefined;
let lowerInverse: Map<string, number[]> | undefined;
let multi: string[] | undefined;

/** The code point ranges of the token character class. */
export function tokenCharRanges(): Ranges {
  if (tokenRanges) return tokenRanges;
  const out: [number, number][] = [];
  let start = -1;
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    const inClass = (cp < 0xd800 || cp > 0xdfff) && IS_TOKEN_CHAR.test(String.fromCodePoint(cp));
    if (inClass && start < 0) start = cp;
    else if (!inClass && start >= 0) {
      out.push([start, cp - 1]);
      start = -1;
    }
  }
  if (start >= 0) out.push([start, 0x10ffff]);
  tokenRanges = out;
  return out;
}

/** Whether a code point is a token character. */
export function isTokenCodePoint(cp: number): boolean {
  const r = tokenCharRanges();
  let lo = 0;
  let hi = r.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = r[mid] as readonly [number, number];
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * For each string `l`, the token characters `c` with `c.toLowerCase() === l` (context-free: the
 * one context-dependent mapping, capital sigma at the end of a word, is handled by the caller).
 */
export function lowerPreimages(): ReadonlyMap<string, readonly number[]> {
  if (lowerInverse) return lowerInverse;
  const map = new Map<string, number[]>();
  for (const [a, b] of tokenCharRanges()) {
    for (let cp = a; cp <= b; cp++) {
      const l = String.fromCodePoint(cp).toLowerCase();
      const list = map.get(l);
      if (list) list.push(cp);
      else map.set(l, [cp]);
    }
  }
  lowerInverse = map;
  return map;
}

/** The lower-case forms longer than one code point (only `İ` -> `i̇` in current Unicode), longest first. */
export function multiCodePointLowers(): readonly string[] {
  if (multi) return multi;
  const out: string[] = [];
  for (const l of lowerPreimages().keys()) if ([...l].length > 1) out.push(l);
  multi = out.sort((x, y) => y.length - x.length);
  return multi;
}

/** Collapses a sorted list of code points into inclusive ranges. */
export function toRanges(cps: readonly number[]): Ranges {
  const sorted = [...new Set(cps)].sort((x, y) => x - y);
  const out: [number, number][] = [];
  for (const cp of sorted) {
    const last = out[out.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else out.push([cp, cp]);
  }
  return out;
}
