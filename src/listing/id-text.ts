import { canonicalNumber } from '../check/value-types.js';
import { throwBadArgument } from '../diagnostics/index.js';
import type { ItemId } from './ids.js';

/**
 * Item ids written as text, where every value is a string: a URL's `boundary-id` parameter, a
 * path segment. The text of a number would name two ids there, the number and a string id that
 * reads the same (`12` and `"12"` are different items), so the reading is:
 * - a JSON string literal, quotes included (`"12"`), is that string;
 * - the canonical text of a number (`12`, `-1.5`, `1e+21`, as `String(n)` writes it) is that number;
 * - any other text is the string itself (`sku-12`, `a b`).
 * {@link idToText} writes an id so that this reading gives it back: a number as `String(n)`, a
 * string as itself unless it would read as something else (the text of a number, or a text that
 * is a JSON string literal), then as its JSON string literal.
 *
 * @example
 * ```ts
 * idFromText('12');        // 12
 * idFromText('"12"');      // '12'
 * idToText('12');          // '"12"'
 * idToText('sku-12');      // 'sku-12'
 * ```
 */
export function idFromText(text: string): ItemId {
  if (typeof text !== 'string') throwBadArgument('idFromText', 'text', 'a string (an id as text)', text, 'Pass the text of the id, for example a boundary-id parameter.');
  // Starts and ends with a quote (34): possibly a JSON string literal.
  if (text.length >= 2 && text.charCodeAt(0) === 34 && text.charCodeAt(text.length - 1) === 34) {
    try {
      const s: unknown = JSON.parse(text);
      if (typeof s === 'string') return s;
    } catch {
      // Not a JSON literal (an inner quote unescaped): the text itself.
    }
  }
  return canonicalNumber(text) ?? text;
}

/** An id as text that {@link idFromText} reads back as the same id. */
export function idToText(id: ItemId): string {
  if (typeof id !== 'string' && typeof id !== 'number') throwBadArgument('idToText', 'id', 'an item id (a string or a number)', id, "Pass the item's id, the value of its Aliases.Id key.");
  if (typeof id === 'number') return String(id);
  return idFromText(id) === id ? id : JSON.stringify(id);
}
