import type { Operator } from '../ast/index.js';
import type { AttributeType } from '../catalog/index.js';

/**
 * The operators allowed on each attribute type, as literal tuples the type checker can read
 * (the operator table's `types` lists are typed as plain arrays). A test holds it equal to
 * `operatorsFor(type)` of the operator table for every type, so the two cannot drift.
 */
export const OPERATORS_BY_TYPE = {
  Number: ['=', '<', '>', '<=', '>=', 'one-of', 'present?'],
  String: ['=', '<', '>', '<=', '>=', 'one-of', 'present?'],
  Text: ['=', '<', '>', '<=', '>=', 'one-of', 'present?', 'matches', 'matches-phrase'],
  Boolean: ['=', 'one-of', 'present?'],
  Referenced: ['=', 'one-of', 'present?'],
  Array: ['=', 'one-of', 'present?'],
  Object: ['present?'],
} as const satisfies Record<AttributeType, readonly Operator[]>;
