/**
 * Limits for queries from untrusted users (docs/limits.md). The cost of text matching grows with
 * the words searched: the evaluator compares tokens, the SQL and Mongo compilers build one
 * pattern per word, and PostgreSQL compiles those patterns in super-linear time. These limits
 * bound that cost, on by default; each is reported with its own code.
 */
import type { Clause, Query } from '../ast/index.js';
import { DEFAULT_MAX_DIAGNOSTICS, type Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { tokenize } from '../text/index.js';
import { DEFAULT_MAX_INFIX_LENGTH } from '../syntax/index.js';
import { DEFAULT_LIMITS, ownOptions, type DecodeLimits } from '../wire/index.js';
import { clausePlaces } from './places.js';

/** Every limit applied to an untrusted query: the wire decoder's and those of the words searched. */
export interface QueryLimits extends DecodeLimits {
  /**
   * Longest word (token) of a `matches` / `matches-phrase` value, in code points after
   * lower-casing (default 100: the longest words of real product titles are part numbers of
   * 20 to 40 characters; MongoDB refuses the pattern of a word of about 4,000 letters).
   */
  readonly maxTokenLength: number;
  /** Most words (tokens) in one `matches` / `matches-phrase` value (default 100: a product title is under 100 words). */
  readonly maxTokens: number;
  /**
   * Most characters of all the words of all `matches` / `matches-phrase` values of one query
   * together (default 2,000: 20 values of 100 characters, or one value of 100 words of 20).
   */
  readonly maxPatternSize: number;
  /** Longest infix text `parse` and `lint` read, in UTF-16 code units (default 10,000). */
  readonly maxInfixLength: number;
}

/** Options that take limits: any subset of them. */
export interface LimitOptions {
  /** Overrides some of the {@link DEFAULT_QUERY_LIMITS}; a missing, NaN or negative value keeps the default. */
  readonly limits?: Partial<QueryLimits> | undefined;
}

/** The limits applied when no option is given. */
export const DEFAULT_QUERY_LIMITS: QueryLimits = Object.freeze({
  ...DEFAULT_LIMITS,
  maxDiagnostics: DEFAULT_MAX_DIAGNOSTICS,
  maxTokenLength: 100,
  maxTokens: 100,
  maxPatternSize: 2000,
  maxInfixLength: DEFAULT_MAX_INFIX_LENGTH,
});

/** Merges (own, data) properties of `limits` into the defaults; bad values keep the default. */
export function resolveQueryLimits(limits: unknown): QueryLimits {
  if (limits === undefined) return DEFAULT_QUERY_LIMITS;
  const o = ownOptions(limits);
  const out: Record<string, number> = { ...DEFAULT_QUERY_LIMITS };
  for (const key of Object.keys(DEFAULT_QUERY_LIMITS)) {
    const v = o[key];
    if (typeof v === 'number' && v >= 0 && !Number.isNaN(v)) out[key] = v;
  }
  return out as unknown as QueryLimits;
}

/** The code points of a string (a token is short; this avoids building an array). */
function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
      n++;
    }
  }
  return n;
}

/**
 * Reports the words of `matches` / `matches-phrase` values beyond the limits: a word too long
 * or too many words at the value, and the total of the query once. Clauses of any shape are
 * skipped silently (the other checks report them).
 */
export function checkLimits(query: Query, limits: QueryLimits, out: Diagnostic[]): void {
  if (!withinLimitsByLength(query, limits)) checkLimitsByWords(query, limits, out);
}

/** {@link checkLimits} without the shortcut for short values: every value cut into words. */
export function checkLimitsByWords(query: Query, limits: QueryLimits, out: Diagnostic[]): void {
  let total = 0;
  const clauses = query.clauses;
  for (let i = 0; i < clauses.length; i++) {
    const c = clauses[i] as Clause | null;
    if (c === null || typeof c !== 'object' || (c.operator !== 'matches' && c.operator !== 'matches-phrase')) continue;
    if (typeof c.value !== 'string') continue;
    const tokens = tokenize(c.value);
    const field = typeof c.field === 'string' ? c.field : '';
    let longest = 0;
    for (const t of tokens) {
      const n = codePoints(t);
      total += n;
      if (n > longest) longest = n;
    }
    if (longest > limits.maxTokenLength) {
      out.push(diagnostic('limit/token-too-long', { field, length: longest, limit: limits.maxTokenLength }, clausePlaces(query, i, c).value));
    }
    if (tokens.length > limits.maxTokens) {
      out.push(diagnostic('limit/too-many-tokens', { field, count: tokens.length, limit: limits.maxTokens }, clausePlaces(query, i, c).value));
    }
  }
  if (total > limits.maxPatternSize) out.push(diagnostic('limit/pattern-too-large', { size: total, limit: limits.maxPatternSize }, { path: '', ...(query.span ? { span: query.span } : {}) }));
}

/**
 * Whether the text values of `query` are short enough that no limit can be passed, without
 * cutting them into words. A word is a piece of the value, and lower-casing turns one UTF-16
 * code unit into at most two code points (only U+0130 grows, into two), so a value of L code
 * units has words of at most 2L code points, at most 2L code points of words in all, and at
 * most (L + 1) / 2 words (two words have a separator between them). Most values are short
 * (with the default limits, up to 50 code units), and skip the tokenizer here.
 */
function withinLimitsByLength(query: Query, limits: QueryLimits): boolean {
  let bound = 0;
  const clauses = query.clauses;
  for (let i = 0; i < clauses.length; i++) {
    const c = clauses[i] as Clause | null;
    if (c === null || typeof c !== 'object' || (c.operator !== 'matches' && c.operator !== 'matches-phrase')) continue;
    if (typeof c.value !== 'string') continue;
    const n = c.value.length;
    if (2 * n > limits.maxTokenLength || (n + 1) / 2 > limits.maxTokens) return false;
    bound += 2 * n;
  }
  return bound <= limits.maxPatternSize;
}
