import { code } from './define.js';

/** Diagnostics of listing parameters (List Catalog Items). Owned by src/listing. */
export const listingCodes = {
  'listing/comparison-without-boundary': code<{ comparison: string }>(
    'error',
    '`comparison` is given without `boundary-id`.',
    (d) => `"comparison" (${d.comparison}) needs a "boundary-id" to compare with; add one or drop "comparison".`,
  ),
  'listing/bad-comparison': code<{ found: string }>(
    'error',
    '`comparison` is not one of >, >=, <, <=.',
    (d) => `"comparison" must be one of ">", ">=", "<", "<=", but it is ${d.found}.`,
  ),
  'listing/limit-out-of-range': code<{ found: string; send?: number }>(
    'error',
    '`limit` is not a whole number from 1 to 1000.',
    // `send`: the limit a URL's text means in another notation (`0x10`, `1e1`, ` 10`), to write in digits.
    (d) => `"limit" must be a whole number from 1 to 1000, but it is ${d.found}.${d.send === undefined ? '' : ` A limit is written in decimal digits: send limit=${d.send}.`}`,
  ),
  'listing/bad-order': code<{ found: string }>(
    'error',
    '`order` is not `asc`.',
    (d) => `"order" must be "asc" (the only order the interface defines), but it is ${d.found}.`,
  ),
  'listing/bad-boundary-id': code<{ found: string }>(
    'error',
    '`boundary-id` is not a string or a number.',
    (d) => `"boundary-id" must be an item id (a string or a number), but it is ${d.found}.`,
  ),
  'listing/unknown-parameter': code<{ name: string }>(
    'error',
    'A listing parameter the interface does not define.',
    (d) => `Unknown parameter "${d.name}"; the parameters are q, boundary-id, comparison, limit and order.`,
  ),
  'listing/repeated-parameter': code<{ name: string; count: number }>(
    'error',
    'A parameter is given more than once (in a `URLSearchParams`).',
    (d) => `The parameter "${d.name}" is given ${d.count} times; give it once.`,
  ),
  'listing/bad-parameters': code<{ found: string }>(
    'error',
    'The listing parameters are not an object.',
    (d) => `The listing parameters must be an object such as { "limit": 10 }, but they are ${d.found}.`,
  ),
} as const;
