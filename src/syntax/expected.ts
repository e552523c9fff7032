/**
 * Says what the parser expected in the words of the language ("an operator such as `=`, `<` or
 * `one-of` after field `price`"), for Chevrotain's error message provider. The provider's
 * strings become the `expected` data of `syntax/unexpected-token`; the message itself is
 * rendered from the code catalog.
 */
import type { IParserErrorMessageProvider, IToken, TokenType } from 'chevrotain';
import { operatorOfToken } from '../operators/index.js';

const OPERATOR = 'an operator such as `=`, `<` or `one-of`';
const VALUE = 'a value such as `"text"`, `42`, `true` or `["a", "b"]`';
const FIELD = 'a field name';
const AND = '`and` and another clause';
const END = 'the end of the query';

/** The phrase for one expected token type, or `undefined` for those the grammar only accepts to report them. */
function phraseOf(name: string, ruleName: string): string | undefined {
  if (operatorOfToken(name) !== undefined) return OPERATOR;
  switch (name) {
    case 'OperatorTok':
    case 'Is':
    case 'NotEqual':
      return OPERATOR;
    case 'StringLit':
      return ruleName === 'member' || ruleName === 'object' ? 'a key in double quotes' : VALUE;
    case 'NumberLit':
    case 'True':
    case 'False':
    case 'Null':
    case 'LBracket':
    case 'LBrace':
      return VALUE;
    case 'Identifier':
      return ruleName === 'value' ? undefined : FIELD;
    case 'QuotedField':
      return FIELD;
    case 'Connective':
    case 'And':
      return AND;
    case 'Present':
    case 'Absent':
      return '`present` or `absent`';
    case 'RBracket':
      return '`,` or `]`';
    case 'RBrace':
      return '`,` or `}`';
    case 'Comma':
      return '`,`';
    case 'Colon':
      return '`:` after the key';
    case 'RParen':
      return '`)`';
    case 'EOF':
      return END;
    default:
      // `or`, `not` and `(` are accepted only to be reported; never suggest them.
      return undefined;
  }
}

/** Joins phrases: `a`, `a or b`, `a, b or c`. */
function oneOf(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases[0] ?? 'something else';
  return phrases.slice(0, -1).join(', ') + ' or ' + phrases[phrases.length - 1];
}

function isField(t: IToken | undefined): boolean {
  const n = t?.tokenType.name;
  return n === 'Identifier' || n === 'QuotedField';
}

/** Where the expectation arises: after field `price`, after `=`, after `and`. */
function context(phrases: readonly string[], previous: IToken | undefined): string {
  if (!previous || previous.tokenType.name === 'EOF' || previous.isInsertedInRecovery) return '';
  const img = previous.image.length > 40 ? previous.image.slice(0, 37) + '...' : previous.image;
  if (phrases.includes(OPERATOR) && isField(previous)) return ` after field ${img.startsWith('`') ? img : '`' + img + '`'}`;
  if (phrases.includes(VALUE) && previous.tokenType.CATEGORIES?.some((c) => c.name === 'OperatorTok')) return ` after \`${img}\``;
  if (phrases.includes(FIELD) && (previous.tokenType.name === 'And' || previous.tokenType.name === 'Or')) return ` after \`${img}\``;
  return '';
}

function describe(types: readonly TokenType[], ruleName: string, previous: IToken | undefined): string {
  const phrases: string[] = [];
  for (const t of types) {
    const p = phraseOf(t.name, ruleName);
    if (p !== undefined && !phrases.includes(p)) phrases.push(p);
  }
  return oneOf(phrases) + context(phrases, previous);
}

/** Chevrotain's error message provider, answering with the `expected` phrase only. */
export const expectedMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, previous, ruleName }) => describe([expected], ruleName, previous),
  buildNotAllInputParsedMessage: () => `${AND}, or ${END}`,
  buildNoViableAltMessage: ({ expectedPathsPerAlt, previous, ruleName }) =>
    describe(
      expectedPathsPerAlt.flatMap((alt) => alt.map((path) => path[0]).filter((t): t is TokenType => t !== undefined)),
      ruleName,
      previous,
    ),
  buildEarlyExitMessage: ({ expectedIterationPaths, previous, ruleName }) =>
    describe(
      expectedIterationPaths.map((path) => path[0]).filter((t): t is TokenType => t !== undefined),
      ruleName,
      previous,
    ),
};
