import { code } from './define.js';

/**
 * `api/bad-argument`, on its own so that code which only rejects arguments (the client) carries
 * this one definition, not the whole table of codes.
 */
export const badArgumentCode = code<{ fn: string; name: string; expected: string; found: string; fix: string }>(
  'error',
  'A catq function was called with an argument of the wrong kind.',
  (d) => `${d.fn}: the argument "${d.name}" must be ${d.expected}, but it is ${d.found}. ${d.fix}`,
);

/** Diagnostics of calls with an argument of the wrong kind (a programming error in the caller). */
export const apiCodes = {
  'api/bad-argument': badArgumentCode,
  'api/unknown-option': code<{ fn: string; option: string; suggestion?: string; known: readonly string[] }>(
    'error',
    'A catq function was given an option it does not know (often a misspelling).',
    (d) =>
      `${d.fn}: unknown option ${JSON.stringify(d.option)}.` +
      (d.suggestion ? ` Did you mean ${JSON.stringify(d.suggestion)}?` : '') +
      ` The options are ${d.known.map((k) => JSON.stringify(k)).join(', ')}.`,
  ),
} as const;
