import type { Clause, JsonValue } from '../ast/index.js';
import type { SearchableAttribute } from '../catalog/index.js';
import { tokenize } from '../text/index.js';
import type { ClauseContext } from './compile-clause.js';

/**
 * PostgreSQL prefilters that the indexes of {@link indexSql} can answer, ANDed with the exact
 * condition (never replacing it). Each one is implied by the exact condition, so adding it
 * changes no result:
 *
 * - `data @> '{"k": v}'` (GIN `jsonb_path_ops`) for strings and booleans: an item whose value,
 *   or one of whose elements, equals `v` contains that document. Numbers get no containment
 *   prefilter: jsonb compares numbers as exact decimals, JavaScript as doubles.
 * - `catq_tokens(data ->> 'k') @> tokens` (GIN on the token array) for `matches` and
 *   `matches-phrase`: the item's tokens, lower-cased like JavaScript with final sigma folded
 *   to `σ`, contain the query's tokens folded the same way.
 *
 * Number, String and Text attributes of cardinality One need no prefilter: their exact
 * condition is written on the same expression as their B-tree index.
 */
export function prefilter(c: Clause, attr: SearchableAttribute, rawKey: string, ctx: ClauseContext): string | undefined {
  if (ctx.dialect.name !== 'postgres') return undefined;
  const b = ctx.builder;
  if (c.operator === 'matches' || c.operator === 'matches-phrase') {
    if (typeof c.value !== 'string' || attr.Cardinality !== 'One') return undefined;
    const tokens = [...new Set(tokenize(c.value).map(foldSigma))];
    if (tokens.length === 0) return undefined;
    const array = '{' + tokens.map((t) => '"' + t.replace(/["\\]/g, (x) => '\\' + x) + '"').join(',') + '}';
    return `catq_tokens(${ctx.column} ->> ${b.shared(rawKey)}::text) @> ${b.param(array)}::text[]`;
  }
  if (c.operator !== '=' && c.operator !== 'one-of') return undefined;
  if ((attr.Type === 'String' || attr.Type === 'Text') && attr.Cardinality === 'One') return undefined;
  const candidates: readonly JsonValue[] = c.operator === 'one-of' && Array.isArray(c.value) ? c.value : [c.value];
  const docs: unknown[] = [];
  for (const v of candidates) {
    let scalar: string | boolean;
    if (typeof v === 'boolean') scalar = v;
    else if (typeof v === 'string') {
      // A Referenced id that is also a number's text ("5") matches number items too: no prefilter.
      if (attr.Type === 'Referenced' && v !== '' && String(Number(v)) === v) return undefined;
      scalar = v;
    } else return undefined;
    if (attr.Type === 'Array') {
      docs.push({ [rawKey]: [scalar] });
      if (attr.Cardinality === 'Many') docs.push({ [rawKey]: [[scalar]] });
    } else {
      docs.push({ [rawKey]: scalar });
      if (attr.Cardinality === 'Many') docs.push({ [rawKey]: [scalar] });
    }
  }
  return docs.map((doc) => `${ctx.column} @> ${b.param(JSON.stringify(doc))}::jsonb`).join(' OR ');
}

/** Final sigma and sigma are one letter in the token index (a superset, made exact by the regex). */
export function foldSigma(token: string): string {
  return token.replace(/\u03c2/g, '\u03c3');
}
