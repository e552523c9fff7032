import { badArgument, QueryError, type Diagnostic } from '../diagnostics/index.js';
import { DEFAULT_LIMITS, type DecodeLimits, type DecodeOptions } from '../wire/index.js';

/** Options of {@link queryBuilder}. */
export interface QueryBuilderOptions {
  /**
   * The decoder limits the built query must stay within, so that a service reading `q` with
   * catq's `decode` accepts it: clause count, `one-of` list length and the length of `toQ()`.
   * Default `DEFAULT_LIMITS` (what `decode` applies when given no option); raise them for a
   * service configured with larger ones.
   */
  readonly limits?: DecodeOptions;
}

const OPTION_KEYS = ['limits'] as const;
const LIMIT_KEYS = ['maxLength', 'maxClauses', 'maxListLength', 'maxDepth'] as const;

/**
 * The limits the builder enforces, from the options of `queryBuilder`. Throws a QueryError for
 * options of the wrong kind or with a key it does not know (naming the keys it does).
 */
export function builderLimits(options: unknown): DecodeLimits {
  if (options === undefined) return DEFAULT_LIMITS;
  const problems: Diagnostic[] = [];
  const bad = (name: string, expected: string, value: unknown, fix: string): void => {
    problems.push(badArgument('queryBuilder', name, expected, value, fix));
  };
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    bad('options', 'an object', options, 'Pass { limits: { maxListLength: 5000 } }, or nothing.');
  } else {
    for (const key of Object.keys(options)) {
      if (!(OPTION_KEYS as readonly string[]).includes(key)) bad(`options.${key}`, 'absent', (options as Record<string, unknown>)[key], `${didYouMean(key, OPTION_KEYS)}The only option is "limits".`);
    }
    const limits = (options as QueryBuilderOptions).limits;
    if (limits !== undefined) {
      if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) {
        bad('options.limits', 'an object', limits, `Pass some of ${LIMIT_KEYS.join(', ')}.`);
      } else {
        for (const [key, value] of Object.entries(limits)) {
          if (!(LIMIT_KEYS as readonly string[]).includes(key)) bad(`options.limits.${key}`, 'absent', value, `${didYouMean(key, LIMIT_KEYS)}The limits are ${LIMIT_KEYS.join(', ')}.`);
          else if (typeof value !== 'number' || !(value >= 0)) bad(`options.limits.${key}`, 'a number of at least 0', value, 'Pass a count, or leave it out for the default.');
        }
      }
    }
  }
  if (problems.length) throw new QueryError(problems, 'queryBuilder() was called with bad options');
  return { ...DEFAULT_LIMITS, ...((options as QueryBuilderOptions).limits ?? {}) };
}

/** `Did you mean "x"? ` for the known key nearest to a misspelled one (case, a prefix, or at most 3 edits), else `''`. */
function didYouMean(key: string, known: readonly string[]): string {
  let best: string | undefined;
  let bestDistance = 4;
  for (const k of known) {
    const [kl, keyl] = [k.toLowerCase(), key.toLowerCase()];
    const d = kl === keyl ? 0 : keyl.length >= 3 && kl.startsWith(keyl) ? 1 : editDistance(kl, keyl);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best === undefined ? '' : `Did you mean "${best}"? `;
}

/** Levenshtein distance of two short strings (option keys). */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next.push(Math.min((row[j] as number) + 1, (next[j - 1] as number) + 1, (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    row = next;
  }
  return row[b.length] as number;
}
