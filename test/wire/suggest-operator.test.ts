import { describe, expect, it } from 'vitest';
import { OPERATOR_NAMES } from '../../src/ast/index.js';
import { suggestOperator } from '../../src/wire/suggest-operator.js';

describe('suggestOperator', () => {
  it.each([
    ['oneof', 'one-of'],
    ['oneOf', 'one-of'],
    ['ONE_OF', 'one-of'],
    ['in', 'one-of'],
    ['==', '='],
    ['eq', '='],
    ['present', 'present?'],
    ['exists', 'present?'],
    ['PRESENT?', 'present?'],
    ['gte', '>='],
    ['=<', '<='],
    ['mathces', 'matches'],
    ['matches_phrase', 'matches-phrase'],
    ['matchesphrase', 'matches-phrase'],
  ])('%s -> %s', (written, expected) => {
    expect(suggestOperator(written)).toBe(expected);
  });

  it.each(['!=', '<>', 'not', 'or', 'x', 'regex', '', 'between'])('suggests nothing for %j', (written) => {
    expect(suggestOperator(written)).toBeUndefined();
  });

  it('suggests each operator for itself', () => {
    for (const op of OPERATOR_NAMES) expect(suggestOperator(op)).toBe(op);
  });
});
