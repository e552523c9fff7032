/**
 * Tables derived once, lazily, from the JavaScript engine's own Unicode data, so that the SQL
 * and Mongo compilers match text exactly like the tokenizer of this folder, by construction:
 * the token character class (`[\p{L}\p{M}\p{Nd}]`) as code point ranges, and the inverse of
 * `toLowerCase()` over token characters (which characters lower-case to a given string).
 *
 * Deriving them at run time (rather than shipping generated tables) keeps them equal to the
 * evaluator's regular expressions on whatever Unicode version the running engine has. The cost
 * (about 100 ms, once per process, on the first text clause compiled) is kept low by scanning
 * one string of every code point with native regular expressions instead of testing code
 * points one by one.
 */
import { TOKEN_SOURCE } from './tokenize.js';

/** Inclusive code point ranges, ascending. */
export type Ranges = readonly (readonly [number, number])[];

let everyCodePoint: string | undefined;
let tokenRanges: Ranges | undefined;
let multi: string[] | undefined;

/** One string holding every Unicode scalar value in order (surrogate code points excluded). */
function allScalars(): string {
  if (everyCodePoint !== undefined) return everyCodePoint;
  const units = new Uint16Array(0xd800 + (0x10000 - 0xe000) + (0x110000 - 0x10000) * 2);
  let n = 0;
  for (let cp = 0; cp < 0xd800; cp++) units[n++] = cp;
  for (let cp = 0xe000; cp < 0x10000; cp++) units[n++] = cp;
  for (let v = 0; v < 0x100000; v++) {
    units[n++] = 0xd800 + (v >> 10);
    units[n++] = 0xdc00 + (v & 0x3ff);
  }
  everyCodePoint = new TextDecoder('utf-16le').decode(units);
  return everyCodePoint;
}

/** The code point ranges of the token character class. */
export function tokenCharRanges(): Ranges {
  if (tokenRanges) return tokenRanges;
  const out: [number, number][] = [];
  const runs = new RegExp(TOKEN_SOURCE, 'gu');
  const text = allScalars();
  for (let m = runs.exec(text); m !== null; m = runs.exec(text)) {
    const run = m[0];
    const lastUnit = run.charCodeAt(run.length - 1);
    const lastAt = lastUnit >= 0xdc00 && lastUnit <= 0xdfff ? run.length - 2 : run.length - 1;
    out.push([run.codePointAt(0) as number, run.codePointAt(lastAt) as number]);
  }
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

let changing: Map<number, string> | undefined;
let changedInverse: Map<string, number[]> | undefined;

/**
 * The token characters whose `toLowerCase()` differs from themselves, with that lower case
 * (about 1,400 of them). Every other token character lower-cases to itself.
 */
export function lowerChanges(): ReadonlyMap<number, string> {
  if (changing) return changing;
  const out = new Map<number, string>();
  const cwl = /\p{Changes_When_Lowercased}/gu;
  const text = allScalars();
  for (let m = cwl.exec(text); m !== null; m = cwl.exec(text)) {
    const cp = m[0].codePointAt(0) as number;
    if (isTokenCodePoint(cp)) out.set(cp, m[0].toLowerCase());
  }
  changing = out;
  return out;
}

/**
 * The token characters `c` with `c.toLowerCase() === l`, ascending (context-free: the one
 * context-dependent mapping, capital sigma at the end of a word, is handled by the callers).
 */
export function preimagesOf(l: string): readonly number[] {
  if (!changedInverse) {
    changedInverse = new Map();
    for (const [cp, lower] of lowerChanges()) {
      const list = changedInverse.get(lower);
      if (list) list.push(cp);
      else changedInverse.set(lower, [cp]);
    }
  }
  const changed = changedInverse.get(l) ?? [];
  const cp = l.codePointAt(0) as number;
  const single = l.length > 0 && l.length === (cp > 0xffff ? 2 : 1);
  // `l` itself is a preimage when it is a token character that does not change.
  if (!single || !isTokenCodePoint(cp) || lowerChanges().has(cp)) return changed;
  return [...changed, cp].sort((x, y) => x - y);
}

/**
 * The whole inverse of `toLowerCase()` over token characters, as a map from each lower-case
 * form to its preimages (about 140,000 entries: for tests and tools, not hot paths; use
 * {@link preimagesOf} and {@link lowerChanges}).
 */
export function lowerPreimages(): ReadonlyMap<string, readonly number[]> {
  const map = new Map<string, number[]>();
  const changes = lowerChanges();
  for (const [a, b] of tokenCharRanges()) {
    for (let cp = a; cp <= b; cp++) {
      const l = changes.get(cp) ?? String.fromCodePoint(cp);
      const list = map.get(l);
      if (list) list.push(cp);
      else map.set(l, [cp]);
    }
  }
  return map;
}

/** The lower-case forms longer than one code point (only `İ` -> `i̇` in current Unicode), longest first. */
export function multiCodePointLowers(): readonly string[] {
  if (multi) return multi;
  const out = new Set<string>();
  for (const l of lowerChanges().values()) if ([...l].length > 1) out.add(l);
  multi = [...out].sort((x, y) => y.length - x.length);
  return multi;
}

/** Collapses a list of code points into inclusive ranges. */
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

/** Writes ranges as literal characters for a bracket expression (`a-zß...`). Every character is a letter, mark or digit, never a metacharacter. */
export function renderRanges(ranges: Ranges): string {
  let s = '';
  for (const [a, b] of ranges) {
    s += String.fromCodePoint(a);
    if (b > a + 1) s += '-';
    if (b > a) s += String.fromCodePoint(b);
  }
  return s;
}
