import { assertNever } from '../ast/index.js';
import type { ClausePlan, ElementShape } from '../check/index.js';
import type { ClauseContext } from './compile-clause.js';
import { isWellFormedText, pgHolds } from './layout/safe-text.js';

/**
 * PostgreSQL prefilters that the indexes of {@link indexSql} can answer, ANDed with the exact
 * condition (never replacing it). Each one is implied by the exact condition, so adding it
 * changes no result:
 *
 * - `data @> '{"k": v}'` (GIN `jsonb_path_ops`) for strings and booleans: an item whose value,
 *   or one of whose elements, equals `v` contains that document. A string jsonb cannot hold
 *   (`pgHolds`) equals no stored value and gets no document (`FALSE` when no value is left). Numbers get no containment
 *   prefilter: jsonb compares numbers as exact decimals, JavaScript as doubles.
 * - `catq_tokens(data ->> 'k') @> tokens` (GIN on the token array) for `matches` and
 *   `matches-phrase`: the item's tokens, lower-cased like JavaScript with final sigma folded
 *   to `σ`, contain the query's tokens folded the same way.
 *
 * Number, String and Text attributes of cardinality One need no prefilter: their exact
 * condition is written on the same expression as their B-tree index.
 */
export function pgPrefilter(p: ClausePlan, ctx: ClauseContext): string | undefined {
  if (p.kind !== 'test') return undefined;
  // No item holds a key with a lone surrogate (postgres.field reads it as missing), so no value
  // test on it holds; its containment document would be refused like a value's.
  if (!isWellFormedText(p.rawKey)) return 'FALSE';
  const b = ctx.builder;
  const t = p.test;
  let scalars: readonly (string | boolean)[];
  switch (t.kind) {
    case 'text': {
      if (p.shape !== 'one') return undefined;
      const tokens = [...new Set(t.tokens.map(foldSigma))];
      const array = '{' + tokens.map((x) => '"' + x.replace(/["\\]/g, (c) => '\\' + c) + '"').join(',') + '}';
      return `catq_tokens(${ctx.column} ->> ${b.constant(p.rawKey)}::text) @> ${b.param(array)}::text[]`;
    }
    case 'string-in':
      if (p.shape === 'one') return undefined;
      scalars = t.values;
      break;
    case 'boolean-in':
      scalars = t.values;
      break;
    case 'id-in':
      // An id that is also a number's text ("5") matches number items too: no prefilter.
      if (t.numbers.length) return undefined;
      scalars = t.strings;
      break;
    case 'element-in':
      if (t.values.some((v) => typeof v === 'number')) return undefined;
      scalars = t.values as readonly (string | boolean)[];
      break;
    case 'number-in':
    case 'number-order':
    case 'string-order':
      return undefined;
    default:
      return assertNever(t, 'value test');
  }
  // A string jsonb cannot hold (a lone surrogate; the NUL character) is no stored value, so it
  // matches nothing: it is left out rather than bound, which PostgreSQL would refuse ("invalid
  // input syntax for type json"). With none left, no item can match.
  const held = scalars.filter((v) => typeof v !== 'string' || pgHolds(v));
  if (held.length === 0) return scalars.length ? 'FALSE' : undefined;
  const docs = held.flatMap((v) => containing(p.shape, v).map((inner) => ({ [p.rawKey]: inner })));
  if (docs.length === 0) return undefined;
  return docs.map((doc) => `${ctx.column} @> ${b.param(JSON.stringify(doc))}::jsonb`).join(' OR ');
}

/** The values at the key that every item with a matching value contains, for a shape. */
function containing(shape: ElementShape, v: string | boolean): unknown[] {
  switch (shape) {
    case 'one':
      return [v];
    case 'many':
      return [v, [v]];
    case 'array-one':
      return [[v]];
    case 'array-many':
      return [[v], [[v]]];
    default:
      return assertNever(shape, 'element shape');
  }
}

/** Final sigma and sigma are one letter in the token index (a superset, made exact by the regex). */
export function foldSigma(token: string): string {
  return token.replace(/\u03c2/g, '\u03c3');
}
