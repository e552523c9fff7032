import type { Dialect, JsonNode } from './dialect.js';

/**
 * The three sort keys of an id: kind (0 number, 1 string, NULL when the item is not listed),
 * the number (0 for strings) and the string ('' for numbers), so that one row comparison
 * `(k0, k1, k2) > (...)` is the keyset condition and one B-tree serves it.
 */
export function idKeys(d: Dialect, node: JsonNode): [string, string, string] {
  return [
    // The empty string is not an id (the interface's ItemUri needs a non-empty one): not listed.
    // Compared as bytes: MySQL's utf8mb4_bin would take " " (spaces only) for '' and drop it.
    `(CASE WHEN ${node.is('number')} AND ${d.isFinite(node.number())} THEN 0 WHEN ${node.is('string')} AND ${d.orderText(node.text())} <> '' THEN 1 END)`,
    `coalesce(${node.number()}, 0)`,
    d.orderText(`coalesce(${node.text()}, '')`),
  ];
}
