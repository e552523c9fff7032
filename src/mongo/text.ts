/**
 * `matches` and `matches-phrase` as aggregation expressions. The item text is cut into tokens on
 * the server with `$regexFindAll` and the shared token class; each query token is then compared
 * with whole item tokens by an anchored, case-expanded pattern (see token-pattern.ts). Working on
 * the token list keeps every pattern small (MongoDB refuses patterns over 16 kB) and makes
 * "contiguous run of tokens" a plain index walk.
 */
import { diagnostic, QueryError } from '../diagnostics/index.js';
import { and, anyElement, cond, isString, letIn } from './expr.js';
import { REGEX_OPTIONS, tokenPattern, tokenRunPattern } from './token-pattern.js';
import type { MongoExpr } from './types.js';

/** MongoDB refuses a `$regex` pattern longer than this many bytes. */
export const MONGO_PATTERN_MAX_BYTES = 16 * 1024;
const utf8 = new TextEncoder();

function tokenMatches(input: MongoExpr, token: string): MongoExpr {
  const regex = tokenPattern(token);
  // A pattern is a few bytes per letter: only a word of thousands of letters (beyond the default
  // limits, docs/limits.md) reaches MongoDB's limit; refused here rather than by the server.
  if (utf8.encode(regex).length > MONGO_PATTERN_MAX_BYTES) {
    throw new QueryError([diagnostic('mongo/unsupported', { detail: `a word of ${token.length} characters makes a pattern longer than MongoDB's ${MONGO_PATTERN_MAX_BYTES} bytes` })]);
  }
  return { $regexMatch: { input, regex, options: REGEX_OPTIONS } };
}

/** The item's tokens, bound to `$$toks` for `body`; false unless `value` is a string. */
function withTokens(value: MongoExpr, body: MongoExpr): MongoExpr {
  const found = { $regexFindAll: { input: value, regex: tokenRunPattern(), options: REGEX_OPTIONS } };
  return cond(isString(value), letIn({ toks: { $map: { input: found, as: 'm', in: '$$m.match' } } }, body), false);
}

/** `matches`: every query token equals (after lower-casing) some token of the item text. */
export function matchesAll(value: MongoExpr, tokens: readonly string[]): MongoExpr {
  const distinct = [...new Set(tokens)];
  return withTokens(value, and(distinct.map((t) => anyElement('$$toks', 't', tokenMatches('$$t', t)))));
}

/** `matches-phrase`: the query tokens equal a contiguous run of the item's tokens, in order. */
export function matchesPhrase(value: MongoExpr, tokens: readonly string[]): MongoExpr {
  const n = tokens.length;
  // Start positions 0 .. size - n; every index read below is then inside the array.
  const starts = { $range: [0, { $max: [0, { $subtract: [{ $size: '$$toks' }, n - 1] }] }] };
  const at = (j: number): MongoExpr => ({ $arrayElemAt: ['$$toks', j === 0 ? '$$k' : { $add: ['$$k', j] }] });
  return withTokens(value, anyElement(starts, 'k', and(tokens.map((t, j) => tokenMatches(at(j), t)))));
}
