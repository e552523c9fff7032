import type { Operator } from '../ast/index.js';

/**
 * The operator each operator token of the infix lexer stands for, by token type name (the names
 * of src/syntax/tokens.ts: one token per spelling, `In` being another spelling of `one-of`).
 */
export const INFIX_OPERATORS: Readonly<Record<string, Operator>> = {
  Equals: '=', Less: '<', Greater: '>', LessEq: '<=', GreaterEq: '>=', OneOf: 'one-of', In: 'one-of',
  PresentQ: 'present?', Matches: 'matches', MatchesPhrase: 'matches-phrase',
};
