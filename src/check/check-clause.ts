import { isOperator, type Clause } from '../ast/index.js';
import type { SearchableAttribute } from '../catalog/index.js';
import { resolveFieldCached } from './resolve-cache.js';
import { describeValue } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { isAllowed, operatorsFor, OPERATORS } from '../operators/index.js';
import type { CheckContext } from './context.js';
import { makeFix } from './context.js';
import { clausePlaces, placeWith, type ClausePlaces } from './places.js';
import { suggestFields } from './suggest.js';
import { checkValue } from './check-value.js';

/** A clause that passed every check of its own: the relation checks only look at these. */
export interface CheckedClause {
  readonly index: number;
  readonly clause: Clause;
  readonly attribute: SearchableAttribute;
  readonly rawKey: string;
  readonly places: ClausePlaces;
}

/**
 * Checks one clause on its own (field, operator, value) and reports every problem found. Returns
 * the clause with its attribute when it has no error, for the checks between clauses.
 */
export function checkClause(ctx: CheckContext, index: number, c: Clause): CheckedClause | undefined {
  if (c === null || typeof c !== 'object') {
    ctx.out.push(diagnostic('wire/bad-clause', { found: describeValue(c) }, { path: `/${index}` }));
    return undefined;
  }
  const places = clausePlaces(ctx.query, index, c);
  const before = ctx.out.length;
  // A Query built in code may carry anything; the wire codec's codes describe those shapes.
  if (!isOperator(c.operator)) {
    ctx.out.push(diagnostic('wire/unknown-operator', { operator: String(c.operator) }, places.operator));
    return undefined;
  }
  if (typeof c.field !== 'string') {
    ctx.out.push(diagnostic('wire/field-not-string', { found: describeValue(c.field) }, places.field));
    checkValue(ctx, index, c, places, undefined);
    return undefined;
  }
  const attribute = checkField(ctx, index, c, places);
  if (attribute && !isAllowed(c.operator, attribute.attribute.Type)) {
    const type = attribute.attribute.Type;
    ctx.out.push(
      diagnostic(
        'schema/operator-not-allowed',
        { operator: c.operator, field: c.field, type, allowed: operatorsFor(type).map((op) => OPERATORS[op].wire) },
        places.operator,
      ),
    );
    // The value is still checked for what the operator needs whatever the type.
    checkValue(ctx, index, c, places, undefined);
    return undefined;
  }
  checkValue(ctx, index, c, places, attribute?.attribute);
  if (!attribute || ctx.out.length > before) return undefined;
  return { index, clause: c, attribute: attribute.attribute, rawKey: attribute.rawKey, places };
}

/** Resolves the field, reporting an unknown field or an unusable alias path. */
function checkField(
  ctx: CheckContext,
  index: number,
  c: Clause,
  places: ClausePlaces,
): { readonly attribute: SearchableAttribute; readonly rawKey: string } | undefined {
  const r = resolveFieldCached(ctx.catalog, c.field);
  if (r.ok) return r;
  switch (r.reason) {
    case 'unknown-field': {
      const suggestions = suggestFields(ctx.catalog, c.field);
      const fixes = suggestions.map((s) => makeFix(ctx, `Replace ${JSON.stringify(c.field)} with ${JSON.stringify(s)}`, { kind: 'set-field', clause: index, field: s }));
      ctx.out.push(diagnostic('schema/unknown-field', { field: c.field, suggestions }, placeWith(places.field, fixes)));
      return undefined;
    }
    case 'alias-undefined':
      ctx.out.push(diagnostic('schema/alias-undefined', { alias: r.alias }, places.field));
      return undefined;
    case 'alias-not-searchable':
      ctx.out.push(diagnostic('schema/alias-not-searchable', { alias: r.alias, rawKey: r.rawKey }, places.field));
      return undefined;
  }
}
