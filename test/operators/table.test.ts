import { describe, expect, it } from 'vitest';
import { OPERATOR_NAMES } from '../../src/ast/index.js';
import { isAllowed, OPERATORS, operatorsFor } from '../../src/operators/index.js';

describe('the operator table', () => {
  it('has one entry per operator, keyed by its wire tag', () => {
    expect(Object.keys(OPERATORS).sort()).toEqual([...OPERATOR_NAMES].sort());
    for (const op of OPERATOR_NAMES) expect(OPERATORS[op].wire).toBe(op);
  });

  it('allows operators on types as docs/semantics.md section 4 says', () => {
    expect(operatorsFor('Object')).toEqual(['present?']);
    expect(operatorsFor('Text')).toEqual(['=', '<', '>', '<=', '>=', 'one-of', 'present?', 'matches', 'matches-phrase']);
    expect(operatorsFor('Boolean')).toEqual(['=', 'one-of', 'present?']);
    expect(operatorsFor('Referenced')).toEqual(['=', 'one-of', 'present?']);
    expect(operatorsFor('Array')).toEqual(['=', 'one-of', 'present?']);
    expect(operatorsFor('Number')).toEqual(['=', '<', '>', '<=', '>=', 'one-of', 'present?']);
    expect(operatorsFor('String')).toEqual(operatorsFor('Number'));
    expect(isAllowed('matches', 'String')).toBe(false);
  });

  it('never gives two operators the same infix spelling', () => {
    const spellings = OPERATOR_NAMES.flatMap((op) => [OPERATORS[op].infix, ...OPERATORS[op].infixAliases]);
    expect(new Set(spellings).size).toBe(spellings.length);
  });
});
