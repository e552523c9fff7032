/**
 * Every operator of the table (src/operators) formats and parses back, with any field and value,
 * and each of its infix spellings parses to it: a new operator row that the lexer, the visitor
 * or the formatter does not know fails here, whatever else the generated queries hold.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clause, OPERATOR_NAMES, query, queryEqual } from '../../src/ast/index.js';
import { OPERATORS } from '../../src/operators/index.js';
import { format, formatField, formatValue, parse } from '../../src/syntax/index.js';
import { fieldArb, jsonValueArb } from '../support/query-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

describe.each(OPERATOR_NAMES.map((op) => [op] as const))('operator %s', (op) => {
  test('parse(format(q)) is q for any field and value (200 runs)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fieldArb, jsonValueArb), { minLength: 1, maxLength: 3 }), (parts) => {
        const q = query(parts.map(([f, v]) => clause(op, f, v)));
        const r = parse(format(q));
        expect(r.diagnostics).toEqual([]);
        expect(queryEqual(r.query!, q)).toBe(true);
      }),
      { seed: propertySeed(0x5eed0e0) + OPERATOR_NAMES.indexOf(op), numRuns: propertyRuns(200) },
    );
  });

  test('every infix spelling of the table parses to the operator', () => {
    for (const spelling of [OPERATORS[op].infix, ...OPERATORS[op].infixAliases]) {
      const text = `${formatField('f')} ${spelling} ${formatValue(op === 'present?' ? true : op === 'one-of' ? [1] : 'x')}`;
      const r = parse(text);
      expect({ text, diagnostics: r.diagnostics }).toEqual({ text, diagnostics: [] });
      expect(r.query!.clauses[0]!.operator).toBe(op);
    }
  });
});
