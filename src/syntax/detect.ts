import { throwBadArgument } from '../diagnostics/index.js';
/**
 * Tells infix text from wire text, without parsing either.
 */

/** Which syntax a query text is written in. */
export type DetectedSyntax = 'infix' | 'wire';

/**
 * `'wire'` when the first non-blank character is `[` (plain JSON), or when the text
 * percent-decodes to something whose first non-blank character is `[` (the `q` parameter as it
 * appears in a URL, e.g. `%5B%5B...`); `'infix'` otherwise. An infix query never starts with `[`
 * (it starts with a field), so the test is unambiguous.
 */
export function detectSyntax(input: string): DetectedSyntax {
  if (typeof input !== 'string') throwBadArgument('detectSyntax', 'input', 'a string (infix or wire text)', input, 'Pass the query text.');
  const first = input.match(/^\s*(.)/su)?.[1];
  if (first === '[') return 'wire';
  if (first === '%' || /^\s*%/.test(input)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(input);
    } catch {
      // Malformed escapes: decode what can be decoded, enough to see the first character.
      decoded = input.replace(/%[0-9a-fA-F]{2}/g, (m) => String.fromCharCode(parseInt(m.slice(1), 16)));
    }
    if (/^\s*\[/.test(decoded)) return 'wire';
  }
  return 'infix';
}
