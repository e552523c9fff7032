import { code, orList, q } from './define.js';

/** `a Number`, `an Array`, `an Object`: the attribute type with its article. */
function aType(type: string): string {
  return (/^[AEIOU]/.test(type) ? 'an ' : 'a ') + type;
}

/** Diagnostics of `validate` (a query against a catalog). Owned by src/check. */
export const schemaCodes = {
  'schema/unknown-field': code<{ field: string; suggestions: readonly string[] }>(
    'error',
    'The field is neither a searchable attribute of the catalog nor a usable alias path.',
    (d) =>
      `Unknown field ${q(d.field)}: the catalog declares no searchable attribute of that name.` +
      (d.suggestions.length ? ` Did you mean ${orList(d.suggestions)}?` : ''),
  ),
  'schema/alias-undefined': code<{ alias: string }>(
    'error',
    'An alias path is used that the catalog\'s Aliases does not define.',
    (d) => `The alias path ${q(d.alias)} is not defined in this catalog's Aliases.`,
  ),
  'schema/alias-not-searchable': code<{ alias: string; rawKey: string }>(
    'error',
    'An alias path resolves to a raw key that is not a searchable attribute.',
    (d) =>
      `The alias path ${q(d.alias)} maps to the raw key ${q(d.rawKey)}, which is not declared in SearchableAttributes, so it cannot be searched.`,
  ),
  'schema/operator-not-allowed': code<{ operator: string; field: string; type: string; allowed: readonly string[] }>(
    'error',
    'The operator cannot be used on an attribute of this type.',
    (d) => `${q(d.field)} is ${aType(d.type)} attribute, which does not support \`${d.operator}\`. Use ${orList(d.allowed)}.`,
  ),
  'schema/type-mismatch': code<{ field: string; type: string; expected: string; found: string }>(
    'error',
    'The value does not have the type the operator and attribute need.',
    (d) => `${q(d.field)} needs ${d.expected} here (it is ${aType(d.type)} attribute), but the value is ${d.found}.`,
  ),
  'schema/not-a-list': code<{ field: string; found: string }>(
    'error',
    'The value of one-of is not an array.',
    (d) => `\`one-of\` on ${q(d.field)} needs an array of candidates such as ["a", "b"], but the value is ${d.found}.`,
  ),
  'schema/empty-one-of': code<{ field: string }>(
    'error',
    'A one-of list has no candidates.',
    (d) => `\`one-of\` on ${q(d.field)} has no candidates, so it can never match. Give at least one value.`,
  ),
  'schema/present-not-boolean': code<{ field: string; found: string }>(
    'error',
    'The value of present? is not true or false.',
    (d) => `\`present?\` on ${q(d.field)} takes true or false, but the value is ${d.found}.`,
  ),
  'schema/no-token': code<{ field: string; operator: string; value: string }>(
    'error',
    'A matches / matches-phrase value contains no word to search for.',
    (d) => `\`${d.operator}\` on ${q(d.field)} needs at least one word (letters or digits), but ${q(d.value)} has none.`,
  ),
  'schema/duplicate-clause': code<{ field: string }>(
    'warning',
    'The same clause appears more than once.',
    (d) => `This clause on ${q(d.field)} repeats an earlier one and changes nothing.`,
  ),
  'schema/implied-clause': code<{ field: string }>(
    'warning',
    'A clause is implied by another clause and changes nothing.',
    (d) => `This clause on ${q(d.field)} is implied by another clause and changes nothing.`,
  ),
  'schema/never-true': code<{ field: string; reason: string }>(
    'warning',
    'A clause, or a combination of clauses, can never be true, so the query matches nothing.',
    (d) => `The query can never match: ${d.reason}.`,
  ),
} as const;
