/**
 * Running compiled filters on mingo, the in-process implementation of the MongoDB query language.
 *
 * Documents are stored as null-prototype objects: a BSON document has no prototype, while mingo's
 * `$getField` reads `input[field]` and would find `Object.prototype` members (`constructor`,
 * `__proto__`) on ordinary JavaScript objects (a mingo difference, see docs/backends.md).
 */
import { Query as MingoQuery } from 'mingo';
import type { Catalog } from '../../src/catalog/index.js';
import type { Query } from '../../src/ast/index.js';
import { decode } from '../../src/wire/index.js';
import { itemId } from '../../src/listing/index.js';
import type { MongoFilter } from '../../src/mongo/index.js';

/**
 * A copy of a document with a null prototype on the objects `$getField` reads: the document
 * itself and, with `depth` 2, its `data` item. Deeper objects stay ordinary (mingo's hashing, used
 * by `$in`, fails on null-prototype objects). Own keys only; an own `__proto__` key is kept.
 */
export function toDocumentValue(value: unknown, depth = 1): unknown {
  if (value !== null && typeof value === 'object' && depth > 0) {
    const out = Object.create(null) as Record<string, unknown>;
    for (const k of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[k];
      Object.defineProperty(out, k, { value: k === 'data' ? toDocumentValue(v, depth - 1) : v, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** Documents `{ _id: i, data: item }` for items stored under the prefix `data`. */
export function prefixedDocs(items: readonly unknown[]): Record<string, unknown>[] {
  return items.map((item, i) => toDocumentValue({ _id: i, data: item }, 2) as Record<string, unknown>);
}

/** The indexes of the documents the filter selects (mingo). */
export function mingoMatches(filter: MongoFilter, docs: readonly unknown[]): number[] {
  const q = new MingoQuery(filter as Record<string, unknown>);
  const out: number[] = [];
  docs.forEach((d, i) => {
    if (q.test(d as Record<string, unknown>)) out.push(i);
  });
  return out;
}

/** Decodes a wire array into a Query (throws on a decode error: fixtures are valid). */
export function wireQuery(wire: readonly unknown[]): Query {
  const r = decode([...wire]);
  if (!r.query) throw new Error('fixture does not decode: ' + JSON.stringify(r.diagnostics.map((d) => d.code)));
  return r.query;
}

/** The ids of `items` at `indexes`, listable ones only, in listing order. */
export function idsOf(items: readonly unknown[], indexes: readonly number[], catalog: Catalog, order: (a: string | number, b: string | number) => number): (string | number)[] {
  const ids: (string | number)[] = [];
  for (const i of indexes) {
    const id = itemId(items[i], catalog);
    if (id !== undefined) ids.push(id);
  }
  return ids.sort(order);
}

/**
 * mingo compares strings with JavaScript's `<` (UTF-16 code units); MongoDB compares UTF-8 bytes,
 * which is code point order (the order docs/semantics.md asks for). To run a filter under MongoDB's
 * order on mingo, every string of the data and of the filter's comparison literals is rewritten
 * with an order-isomorphism: each code point becomes two code units `(cp >> 16, cp & 0xffff)`, so
 * that code-unit order of the images is code point order of the originals (fixed width, so
 * prefixes stay prefixes; injective, so equality is unchanged). Keys and `$getField` names stay.
 * Text patterns cannot be rewritten, so this applies to filters without `matches` clauses.
 */
export function codePointImage(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    out += String.fromCharCode(cp >>> 16, cp & 0xffff);
  }
  return out;
}

/** A JSON value with every string value (not key) replaced by its code point image. */
export function imageOfValue(value: unknown): unknown {
  if (typeof value === 'string') return codePointImage(value);
  if (Array.isArray(value)) return value.map(imageOfValue);
  if (value !== null && typeof value === 'object') {
    const out = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
    for (const k of Object.keys(value)) {
      Object.defineProperty(out, k, { value: imageOfValue((value as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

const MATCH_VALUE_OPS = new Set(['$eq', '$in', '$lt', '$lte', '$gt', '$gte']);

/**
 * The filter with its comparison values imaged: inside `$expr`, the strings of `$literal` values
 * (not `$getField` names); outside, the values of the match-language comparisons. Field names,
 * paths and variables stay.
 */
export function imageOfFilter(node: unknown, parentKey = '', inExpr = false): unknown {
  if (Array.isArray(node)) return node.map((n) => imageOfFilter(n, parentKey, inExpr));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$regexFindAll' || k === '$regexMatch') throw new Error('imageOfFilter: text patterns cannot be imaged');
    if (inExpr) out[k] = k === '$literal' && parentKey !== 'field' ? imageOfValue(v) : imageOfFilter(v, k, true);
    else out[k] = MATCH_VALUE_OPS.has(k) ? imageOfValue(v) : imageOfFilter(v, k, k === '$expr');
  }
  return out;
}

/** Whether a filter contains text patterns (then it cannot be run on imaged data). */
export function hasTextPattern(filter: unknown): boolean {
  return JSON.stringify(filter).includes('"$regexFindAll"');
}

/** Whether the query orders strings (where plain mingo's UTF-16 order may differ from MongoDB's). */
export function ordersStrings(q: Query): boolean {
  return q.clauses.some((c) => ['<', '<=', '>', '>='].includes(c.operator) && typeof c.value === 'string');
}
