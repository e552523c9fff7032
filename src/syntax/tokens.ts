/**
 * The tokens of the infix syntax, as Chevrotain token types, and the lexical facts the formatter
 * shares with the lexer (keywords, bare field names). Type-only import of Chevrotain: the module
 * is handed in by the caller (see engine.ts), so the formatter can import this file for free.
 */
import type * as Chevrotain from 'chevrotain';
import { OPERATOR_SPELLINGS } from '../operators/index.js';

type Chev = typeof Chevrotain;

/** Every token type of the lexer, by name. */
export interface Tokens {
  readonly WhiteSpace: Chevrotain.TokenType;
  readonly StringLit: Chevrotain.TokenType;
  readonly QuotedField: Chevrotain.TokenType;
  readonly NumberLit: Chevrotain.TokenType;
  readonly LBracket: Chevrotain.TokenType;
  readonly RBracket: Chevrotain.TokenType;
  readonly LBrace: Chevrotain.TokenType;
  readonly RBrace: Chevrotain.TokenType;
  readonly Comma: Chevrotain.TokenType;
  readonly Colon: Chevrotain.TokenType;
  readonly LParen: Chevrotain.TokenType;
  readonly RParen: Chevrotain.TokenType;
  /** Category of every operator spelling, so that a missing operator can be inserted in recovery. */
  readonly OperatorTok: Chevrotain.TokenType;
  /** `!=` / `<>`: not in the language; read to report it (with the `one-of` / `not` advice). */
  readonly NotEqual: Chevrotain.TokenType;
  /**
   * One token per infix spelling of the operator table (src/operators), longest spelling first,
   * named by the table (`Equals`, `OneOf`, `In`, ...): a new operator row is lexed without any
   * change here.
   */
  readonly operators: readonly Chevrotain.TokenType[];
  /** Category of `and` and `or` (the visitor rejects `or`). */
  readonly Connective: Chevrotain.TokenType;
  readonly And: Chevrotain.TokenType;
  readonly Or: Chevrotain.TokenType;
  readonly Not: Chevrotain.TokenType;
  readonly Is: Chevrotain.TokenType;
  readonly Present: Chevrotain.TokenType;
  readonly Absent: Chevrotain.TokenType;
  readonly True: Chevrotain.TokenType;
  readonly False: Chevrotain.TokenType;
  readonly Null: Chevrotain.TokenType;
  readonly Identifier: Chevrotain.TokenType;
}

/** The reserved words: a field spelled like one of them must be back-quoted. */
export const KEYWORDS: readonly string[] = [
  'and',
  'or',
  'not',
  'is',
  'present',
  'absent',
  'true',
  'false',
  'null',
  ...OPERATOR_SPELLINGS.filter((o) => o.word).map((o) => o.text),
];

/**
 * The characters of a bare field: it starts with a letter or `_` (so it is never a number), and
 * goes on with letters, combining marks, decimal digits, `_`, `.`, `/` and `-`.
 */
export const BARE_FIELD = /^[\p{L}_][\p{L}\p{M}\p{Nd}_./-]*$/u;

// Chevrotain drops the `u` flag of token regexps, so `\p{L}` needs a custom matcher.
const IDENTIFIER = /[\p{L}_][\p{L}\p{M}\p{Nd}_./-]*/uy;
function matchIdentifier(text: string, offset: number): RegExpExecArray | null {
  IDENTIFIER.lastIndex = offset;
  return IDENTIFIER.exec(text);
}

/**
 * First characters of an identifier for the lexer's first-character optimisation: ASCII letters,
 * `_`, and one character of every bucket Chevrotain files characters above U+00FF under (it
 * groups them 255 at a time), so any non-ASCII letter (and any high surrogate) is tried.
 */
const IDENTIFIER_START_HINTS: number[] = (() => {
  const hints: number[] = [95];
  for (let c = 65; c <= 90; c++) hints.push(c, c + 32);
  for (let c = 0xc0; c <= 0xff; c++) if (c !== 0xd7 && c !== 0xf7) hints.push(c);
  hints.push(0xaa, 0xb5, 0xba, 256);
  for (let k = 2; k * 255 <= 0xffff; k++) hints.push(k * 255);
  return hints;
})();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Builds the token types. */
export function createTokens(chev: Chev): Tokens {
  const t = chev.createToken;
  const Identifier = t({ name: 'Identifier', pattern: matchIdentifier, line_breaks: false, start_chars_hint: IDENTIFIER_START_HINTS });
  const OperatorTok = t({ name: 'OperatorTok', pattern: chev.Lexer.NA });
  const Connective = t({ name: 'Connective', pattern: chev.Lexer.NA });
  const word = (name: string, pattern: RegExp, categories: Chevrotain.TokenType[] = []): Chevrotain.TokenType =>
    t({ name, pattern, longer_alt: Identifier, categories });
  return {
    // Any Unicode white space, including U+2028/U+2029 and the BOM.
    WhiteSpace: t({ name: 'WhiteSpace', pattern: /[\s\uFEFF]+/, group: chev.Lexer.SKIPPED, line_breaks: true }),
    // Lenient on purpose: an unterminated string (up to the end of the line) or a bad escape is one
    // token, checked by the visitor, rather than a cascade of lexer errors.
    StringLit: t({ name: 'StringLit', pattern: /"(?:[^"\\\n\r]|\\[^\n\r]?)*"?|'(?:[^'\\\n\r]|\\[^\n\r]?)*'?/, start_chars_hint: ['"', "'"] }),
    QuotedField: t({ name: 'QuotedField', pattern: /`(?:[^`]|``)*`?/, line_breaks: true, start_chars_hint: ['`'] }),
    // Lenient too (`01`, `1.`, `.5`): the visitor checks the JSON number syntax.
    NumberLit: t({ name: 'NumberLit', pattern: /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d*)?/ }),
    LBracket: t({ name: 'LBracket', pattern: '[', label: '`[`' }),
    RBracket: t({ name: 'RBracket', pattern: ']', label: '`]`' }),
    LBrace: t({ name: 'LBrace', pattern: '{', label: '`{`' }),
    RBrace: t({ name: 'RBrace', pattern: '}', label: '`}`' }),
    Comma: t({ name: 'Comma', pattern: ',', label: '`,`' }),
    Colon: t({ name: 'Colon', pattern: ':', label: '`:`' }),
    LParen: t({ name: 'LParen', pattern: '(', label: '`(`' }),
    RParen: t({ name: 'RParen', pattern: ')', label: '`)`' }),
    OperatorTok,
    NotEqual: t({ name: 'NotEqual', pattern: /!=|<>/, categories: [OperatorTok] }),
    // Longest spelling first: the lexer takes the first pattern that matches, not the longest.
    operators: OPERATOR_SPELLINGS.map((o) =>
      o.word ? word(o.token, new RegExp(escapeRegExp(o.text)), [OperatorTok]) : t({ name: o.token, pattern: o.text, categories: [OperatorTok] }),
    ),
    Connective,
    // `&&` is read as `and` (as `||` as `or`) so that the rest parses; it is reported with a fix
    // (syntax/ampersand-and, src/syntax/parse.ts).
    And: word('And', /and|&&/, [Connective]),
    Or: t({ name: 'Or', pattern: /or|\|\|/, longer_alt: Identifier, categories: [Connective] }),
    Not: word('Not', /not/),
    Is: word('Is', /is/),
    Present: word('Present', /present/),
    Absent: word('Absent', /absent/),
    True: word('True', /true/),
    False: word('False', /false/),
    Null: word('Null', /null/),
    Identifier,
  };
}

/** The lexer's token types in matching order (categories excluded). */
export function lexerOrder(k: Tokens): Chevrotain.TokenType[] {
  return [
    k.WhiteSpace, k.StringLit, k.QuotedField, k.NumberLit,
    k.LBracket, k.RBracket, k.LBrace, k.RBrace, k.Comma, k.Colon, k.LParen, k.RParen,
    k.NotEqual, ...k.operators,
    k.And, k.Or, k.Not, k.Is, k.Present, k.Absent, k.True, k.False, k.Null,
    k.Identifier,
  ];
}
