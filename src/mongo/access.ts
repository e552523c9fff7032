/**
 * Reading an item's value by its raw key. A raw key is a literal top-level key: `a.b` is one key
 * with a dot in it and `$x` is one key starting with a dollar, never a path or an operator. The
 * match language cannot address such keys (its keys are dotted paths), so every read goes
 * through `$getField` with the key as a `$literal` (MongoDB 5.0+).
 */
import { describeValue, diagnostic, QueryError } from '../diagnostics/index.js';
import { optionKeyProblems } from '../wire/limits.js';
import { cond, typeIs } from './expr.js';
import type { MongoExpr, MongoOptions } from './types.js';

/** Where the raw items sit in the documents, checked once per compilation. */
export interface ItemRoot {
  /** The dotted path of the item field, or undefined when documents are the items. */
  readonly prefix: string | undefined;
  /** An expression for the item object itself (`$$ROOT` or `$<prefix>`). */
  readonly item: MongoExpr;
}

/** Checks the options and returns where the items are. Throws QueryError (`mongo/bad-option`). */
/** The option names of {@link MongoOptions}. */
export const MONGO_OPTION_KEYS: readonly string[] = ['prefix', 'limits'];

export function itemRoot(options: MongoOptions | undefined, fn = 'toMongo'): ItemRoot {
  const unknown = optionKeyProblems(fn, options, MONGO_OPTION_KEYS);
  if (unknown.length) throw new QueryError([...unknown], `${fn} was given an unknown option`);
  const prefix = options?.prefix;
  if (prefix === undefined) return { prefix: undefined, item: '$$ROOT' };
  if (typeof prefix !== 'string' || !isPlainPath(prefix)) {
    throw new QueryError(
      [
        diagnostic('mongo/bad-option', {
          option: 'prefix',
          detail: `it must be a dotted path of non-empty segments that do not start with "$" (for example "data"), but it is ${describeValue(prefix)}`,
        }),
      ],
      'Invalid Mongo compiler options',
    );
  }
  return { prefix, item: '$' + prefix };
}

/** Whether `path` can be written as a MongoDB field path (`a`, `a.b`; no empty segment, no `$`, no NUL). */
export function isPlainPath(path: string): boolean {
  if (path === '' || path.includes('\u0000')) return false;
  return path.split('.').every((seg) => seg !== '' && !seg.startsWith('$'));
}

/**
 * The value at raw key `key` of the item, or "missing". Without a prefix the document is the
 * item and always an object. With a prefix the item may be anything (docs/semantics.md, decision 1: an item
 * that is not an object has no keys), and `$getField` fails on a non-object input, hence the guard.
 */
export function fieldValue(root: ItemRoot, key: string): MongoExpr {
  const get: MongoExpr = { $getField: { field: { $literal: key }, input: root.item } };
  if (root.prefix === undefined) return get;
  return cond(typeIs(root.item, 'object'), get, '$$REMOVE');
}
