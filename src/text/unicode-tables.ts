/**
 * The tokenizer's Unicode tables, as the SQL and Mongo compilers need them to match text exactly
 * like the tokenizer of this folder: the token character class (`[\p{L}\p{M}\p{Nd}]`) as code
 * point ranges, and the inverse of `toLowerCase()` over token characters (which characters
 * lower-case to a given string).
 *
 * They must equal the evaluator's regular expressions on the running engine's Unicode version.
 * A process whose engine has the Unicode version of the committed, generated tables
 * (`unicode-data.generated.ts`, compared with a fresh derivation by the tests) reads those (a
 * fraction of a millisecond); any other engine (a browser, another Node) derives them from its
 * own Unicode data once, on the first text clause compiled (about 100 ms; derive-unicode.ts).
 */
import { deriveUnicodeTables, readUnicodeData, type Ranges, type UnicodeTables } from './derive-unicode.js';
import { LOWER_CHANGES, TOKEN_RANGES, UNICODE_VERSION } from './unicode-data.generated.js';

export type { Ranges } from './derive-unicode.js';

let tables: UnicodeTables | undefined;
let multi: string[] | undefined;

/** The Unicode version of the running engine, when it says (Node does; browsers do not). */
function engineUnicodeVersion(): string | undefined {
  const versions = (globalThis as { process?: { versions?: Record<string, unknown> } }).process?.versions;
  const v = versions?.['unicode'];
  return typeof v === 'string' ? v : undefined;
}

/** Whether the committed tables are this engine's: generated on the same Unicode version. */
export function usesGeneratedUnicodeData(): boolean {
  return engineUnicodeVersion() === UNICODE_VERSION;
}

function unicodeTables(): UnicodeTables {
  tables ??= usesGeneratedUnicodeData() ? readUnicodeData(TOKEN_RANGES, LOWER_CHANGES) : deriveUnicodeTables();
  return tables;
}

/** The code point ranges of the token character class. */
export function tokenCharRanges(): Ranges {
  return unicodeTables().tokenRanges;
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
  changing ??= new Map(unicodeTables().lowerChanges);
  return changing;
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
