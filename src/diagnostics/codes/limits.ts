import { code } from './define.js';

/**
 * Diagnostics of the limits for untrusted queries (docs/limits.md). Each limit has its own code,
 * so a service can tell "too big for this server" from "wrong".
 */
export const limitCodes = {
  'limit/token-too-long': code<{ field: string; length: number; limit: number }>(
    'error',
    'A word of a matches / matches-phrase value is longer than the configured limit (maxTokenLength).',
    (d) => `A word of the value searched in "${d.field}" is ${d.length} characters long; the limit is ${d.limit}.`,
  ),
  'limit/too-many-tokens': code<{ field: string; count: number; limit: number }>(
    'error',
    'A matches / matches-phrase value has more words than the configured limit (maxTokens).',
    (d) => `The value searched in "${d.field}" has ${d.count} words; the limit is ${d.limit}.`,
  ),
  'limit/pattern-too-large': code<{ size: number; limit: number }>(
    'error',
    'The words of all matches / matches-phrase values of the query together exceed the configured limit (maxPatternSize).',
    (d) => `The words searched by this query add up to ${d.size} characters; the limit is ${d.limit}.`,
  ),
  'limit/more-diagnostics': code<{ count: number; limit: number; stopped?: boolean }>(
    'error',
    'More problems than the configured limit (maxDiagnostics) were found; the rest are counted, not listed (or, when `stopped`, not looked for: `count` is then a lower bound).',
    (d) =>
      d.stopped
        ? `... and at least ${d.count} more ${d.count === 1 ? 'problem' : 'problems'} (only the first ${d.limit} are listed; the check stopped there).`
        : `... and ${d.count} more ${d.count === 1 ? 'problem' : 'problems'} (only the first ${d.limit} are listed).`,
  ),
} as const;
