import { code } from './define.js';

/**
 * `wire/infix-as-q`, in a file of its own so that the client, which tells infix text from the
 * wire form without the wire decoder, carries this one definition, not the whole table of codes.
 */
export const infixAsQCode = code<{ wire?: string }>(
  'error',
  'The q text is written in the infix syntax (`price < 20 and ...`), not in the wire form.',
  (d) =>
    'This query is written in the infix syntax; q takes the wire form, a JSON array of clauses' +
    (d.wire !== undefined ? `: send ${d.wire} (percent-encoded).` : ' (convert it with parse() and encode(), or `catq convert --to uri`).'),
);
