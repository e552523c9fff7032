/**
 * Highlighting of the infix syntax: a CodeMirror stream language whose tokens are the lexer's
 * (src/syntax/tokens.ts), read with the same patterns, in the same order, with the same rule
 * for keywords (a keyword is a keyword only when no longer field name matches there).
 * test/codemirror/language.property.test.ts checks it token by token against the lexer.
 */
import { LanguageSupport, StreamLanguage, type StreamParser, type StringStream } from '@codemirror/language';

/** Inside a back-quoted field that goes on past the end of a line (fields may hold line breaks). */
interface State {
  inQuotedField: boolean;
}

const WHITE = /^[\s\uFEFF]+/;
const STRING = /^(?:"(?:[^"\\\n\r]|\\[^\n\r]?)*"?|'(?:[^'\\\n\r]|\\[^\n\r]?)*'?)/;
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d*)?/;
const COMPARE = /^(?:!=|<>|<=|>=|<|>|=)/;
const IDENTIFIER = /^[\p{L}_][\p{L}\p{M}\p{Nd}_./-]*/u;
/** The rest of a back-quoted field on this line: pairs of back-quotes are an escaped one. */
const QUOTED_REST = /^(?:[^`]|``)*/;

/**
 * The highlighting tag of each keyword (names from `@lezer/highlight`'s `tags`). A Map, so that
 * a field named `constructor` is not looked up on Object.prototype.
 */
const KEYWORD_TAGS: ReadonlyMap<string, string> = new Map([
  ['one-of', 'operatorKeyword'],
  ['matches-phrase', 'operatorKeyword'],
  ['matches', 'operatorKeyword'],
  ['in', 'operatorKeyword'],
  ['and', 'logicOperator'],
  ['or', 'logicOperator'],
  ['not', 'logicOperator'],
  ['is', 'keyword'],
  ['present', 'keyword'],
  ['absent', 'keyword'],
  ['true', 'bool'],
  ['false', 'bool'],
  ['null', 'null'],
]);

const PUNCTUATION: ReadonlyMap<string, string> = new Map([
  ['[', 'squareBracket'],
  [']', 'squareBracket'],
  ['{', 'brace'],
  ['}', 'brace'],
  ['(', 'paren'],
  [')', 'paren'],
  [',', 'separator'],
  [':', 'punctuation'],
]);

/** Reads the rest of a back-quoted field; returns whether it closed on this line. */
function quotedRest(stream: StringStream): boolean {
  stream.match(QUOTED_REST);
  if (stream.eol()) return false;
  stream.next(); // the closing back-quote
  return true;
}

function token(stream: StringStream, state: State): string | null {
  if (state.inQuotedField) {
    state.inQuotedField = !quotedRest(stream);
    return 'propertyName';
  }
  if (stream.match(WHITE)) return null;
  if (stream.match(STRING)) return 'string';
  if (stream.peek() === '`') {
    stream.next();
    state.inQuotedField = !quotedRest(stream);
    return 'propertyName';
  }
  if (stream.match(NUMBER)) return 'number';
  const punctuation = PUNCTUATION.get(stream.peek() as string);
  if (punctuation) {
    stream.next();
    return punctuation;
  }
  if (stream.match(COMPARE)) return 'compareOperator';
  if (stream.match('||') || stream.match('&&')) return 'logicOperator';
  const word = stream.match(IDENTIFIER) as RegExpMatchArray | null;
  if (word) {
    const w = word[0];
    // `present?` is one token: longer than the field name `present` that matches there.
    if (w === 'present' && stream.peek() === '?') {
      stream.next();
      return 'operatorKeyword';
    }
    return KEYWORD_TAGS.get(w) ?? 'propertyName';
  }
  stream.next();
  return 'invalid';
}

const parser: StreamParser<State> = {
  name: 'catq',
  startState: () => ({ inQuotedField: false }),
  copyState: (s) => ({ ...s }),
  token,
  languageData: { closeBrackets: { brackets: ['(', '[', '{', '"', "'", '`'] } },
};

/** The infix query language as a CodeMirror language (highlighting only). */
export const catqLanguage: StreamLanguage<State> = StreamLanguage.define(parser);

/** {@link catqLanguage} with its language support, without the catalog-driven services. */
export function catqHighlighting(): LanguageSupport {
  return new LanguageSupport(catqLanguage);
}
