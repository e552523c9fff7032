/**
 * The fast path of `parse`: a hand-written scanner and recursive-descent reader for text that is
 * a valid query, tried before the Chevrotain parser. It gives up (returns `undefined`) at the
 * first thing that is not plainly valid (any construct the language lacks, any literal with a
 * problem, any character it is unsure of), and `parse` then runs the full parser, which finds
 * every diagnostic. So it never decides an error; it only has to give, for the text it accepts,
 * the very query the full parser would (spans included), which
 * test/syntax/fast-parse.property.test.ts checks on valid, noisy and broken text alike.
 *
 * Why: the full parser (Chevrotain's lexer, its recovering parser, the CST and its visitor) costs
 * several microseconds per query, and building it costs the first call of a process 10-100 ms;
 * a valid query read here costs neither (docs/performance.md).
 *
 * The scanner follows the lexer of tokens.ts exactly where it accepts: patterns are tried in the
 * lexer's order (the first that matches wins, not the longest), and a keyword or word operator
 * gives way to an identifier that matches more (Chevrotain's `longer_alt`).
 */
import { clause, query, type Clause, type ClauseSpans, type JsonValue, type Operator, type Query, type Span } from '../ast/index.js';
import { OPERATOR_SPELLINGS } from '../operators/index.js';
import { decodeQuotedField, decodeString } from './literals.js';

const enum K {
  End,
  Ident,
  QField,
  Str,
  Num,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Colon,
  Op,
  And,
  Is,
  Present,
  Absent,
  True,
  False,
  Null,
  /** Anything the fast path does not read (parentheses, `or`, `not`, `!=`, a rejected character, ...). */
  Other,
}

/** Keywords (all made of identifier characters): a word is one only when the identifier there is no longer. */
const KEYWORD_KINDS: ReadonlyMap<string, K> = new Map([
  ['and', K.And],
  ['or', K.Other],
  ['not', K.Other],
  ['is', K.Is],
  ['present', K.Present],
  ['absent', K.Absent],
  ['true', K.True],
  ['false', K.False],
  ['null', K.Null],
]);

/** The operator spellings that are words, in the lexer's order (longest first). */
const WORD_SPELLINGS: readonly { readonly text: string; readonly operator: Operator }[] = OPERATOR_SPELLINGS.filter((s) => s.word).map((s) => ({ text: s.text, operator: s.operator }));
/** The operator spellings that are symbols, in the lexer's order (longest first). */
const SYMBOL_SPELLINGS: readonly { readonly text: string; readonly operator: Operator }[] = OPERATOR_SPELLINGS.filter((s) => !s.word).map((s) => ({ text: s.text, operator: s.operator }));

/** First characters of the symbol spellings, of the word spellings, and of the keywords. */
const SYMBOL_FIRST: ReadonlySet<number> = new Set(SYMBOL_SPELLINGS.map((s) => s.text.charCodeAt(0)));
const WORD_FIRST: ReadonlySet<number> = new Set(WORD_SPELLINGS.map((s) => s.text.charCodeAt(0)));
const KEYWORD_FIRST: ReadonlySet<number> = new Set([...KEYWORD_KINDS.keys()].map((w) => w.charCodeAt(0)));
const KEYWORD_LONGEST = Math.max(...[...KEYWORD_KINDS.keys()].map((w) => w.length));

/** The identifier of tokens.ts (Chevrotain drops the `u` flag of token regexps; this is its custom matcher's). */
const IDENTIFIER = /[\p{L}_][\p{L}\p{M}\p{Nd}_./-]*/uy;

/** How deeply arrays and objects may nest (the full parser's MAX_NESTING, passed in to avoid a cycle). */
let maxNesting = 30;

/** The scanner's state: the current token. */
let text = '';
let pos = 0;
let kind: K = K.End;
let start = 0;
let end = 0;
let op: Operator = '=';
let depth = 0;

/** Whether a char code continues an ASCII identifier (`[A-Za-z0-9_./-]`). */
function identAscii(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 47 || c === 45;
}

/** The length of the identifier at `at` (0 when none). */
function identifierLength(at: number): number {
  let i = at;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (identAscii(c)) i++;
    else if (c >= 0x80) {
      IDENTIFIER.lastIndex = at;
      const m = IDENTIFIER.exec(text);
      return m ? m[0].length : 0;
    } else break;
  }
  // An identifier starts with a letter or `_`, never a digit, `.`, `/` or `-`.
  const c0 = text.charCodeAt(at);
  return (c0 >= 97 && c0 <= 122) || (c0 >= 65 && c0 <= 90) || c0 === 95 ? i - at : 0;
}

/** The lenient number of the lexer (`-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d*)?`) at `at`: its end, or -1. */
function numberEnd(at: number): number {
  let i = at;
  const n = text.length;
  const digit = (k: number): boolean => {
    const c = text.charCodeAt(k);
    return c >= 48 && c <= 57;
  };
  if (text.charCodeAt(i) === 45) i++;
  if (i < n && digit(i)) {
    while (i < n && digit(i)) i++;
    if (text.charCodeAt(i) === 46) {
      i++;
      while (i < n && digit(i)) i++;
    }
  } else if (text.charCodeAt(i) === 46 && i + 1 < n && digit(i + 1)) {
    i++;
    while (i < n && digit(i)) i++;
  } else return -1;
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    i++;
    const s = text.charCodeAt(i);
    if (s === 43 || s === 45) i++;
    while (i < n && digit(i)) i++;
  }
  return i;
}

/** The end of a string token that decodes with no problem (`-1` otherwise); `escaped` tells whether it has a backslash. */
let escaped = false;
function stringEnd(at: number): number {
  const quote = text.charCodeAt(at);
  let i = at + 1;
  const n = text.length;
  escaped = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === quote) return i + 1;
    if (c < 0x20) return -1; // a raw control character, or the end of the line: a problem
    if (c === 92) {
      escaped = true;
      const e = text.charCodeAt(i + 1);
      if (i + 1 >= n || e === 10 || e === 13) return -1;
      i += 2;
    } else i++;
  }
  return -1; // unterminated
}

/** Reads the next token into `kind`, `start`, `end` (and `op`). */
function next(): void {
  const n = text.length;
  let c = 0;
  while (pos < n) {
    c = text.charCodeAt(pos);
    if (c === 32 || (c >= 9 && c <= 13)) pos++;
    else break;
  }
  start = pos;
  if (pos >= n) {
    kind = K.End;
    end = pos;
    return;
  }
  switch (c) {
    case 34: // "
    case 39: {
      // '
      const e = stringEnd(pos);
      if (e < 0) return other();
      kind = K.Str;
      end = pos = e;
      return;
    }
    case 96: {
      // ` (a back-quoted field: up to the first back-quote that is not doubled)
      let i = pos + 1;
      for (;;) {
        const j = text.indexOf('`', i);
        if (j < 0) return other();
        if (text.charCodeAt(j + 1) === 96) i = j + 2;
        else {
          i = j + 1;
          break;
        }
      }
      kind = K.QField;
      end = pos = i;
      return;
    }
    case 91:
      return punct(K.LBracket);
    case 93:
      return punct(K.RBracket);
    case 123:
      return punct(K.LBrace);
    case 125:
      return punct(K.RBrace);
    case 44:
      return punct(K.Comma);
    case 58:
      return punct(K.Colon);
  }
  if (c === 45 || c === 46 || (c >= 48 && c <= 57)) {
    const e = numberEnd(pos);
    if (e < 0) return other();
    kind = K.Num;
    end = pos = e;
    return;
  }
  if (c === 33 || c === 124 || c === 40 || c === 41) return other(); // ! | ( ): `!=`, `||`, groups
  if (c === 60 && text.charCodeAt(pos + 1) === 62) return other(); // <>
  if (SYMBOL_FIRST.has(c)) for (const s of SYMBOL_SPELLINGS) {
    if (text.startsWith(s.text, pos)) {
      kind = K.Op;
      op = s.operator;
      end = pos = pos + s.text.length;
      return;
    }
  }
  const len = identifierLength(pos);
  if (len === 0) return other();
  if (WORD_FIRST.has(c)) for (const s of WORD_SPELLINGS) {
    if (len <= s.text.length && text.startsWith(s.text, pos)) {
      kind = K.Op;
      op = s.operator;
      end = pos = pos + s.text.length;
      return;
    }
  }
  end = pos + len;
  kind = len <= KEYWORD_LONGEST && KEYWORD_FIRST.has(c) ? (KEYWORD_KINDS.get(text.slice(pos, end)) ?? K.Ident) : K.Ident;
  pos = end;
}

function punct(t: K): void {
  kind = t;
  end = ++pos;
}

function other(): void {
  kind = K.Other;
  end = pos;
}

/** Thrown (and caught by {@link fastParse}) when the text is not plainly valid. */
const GIVE_UP: unique symbol = Symbol('give up');

function giveUp(): never {
  throw GIVE_UP;
}

/**
 * The query `text` reads as, when the text is plainly valid; `undefined` when the full parser
 * must read it. `nesting` is the full parser's nesting limit.
 */
/** The current token's kind (a call, so that TypeScript does not narrow it across `next()`). */
function k(): K {
  return kind;
}

export function fastParse(source: string, nesting: number): Query | undefined {
  text = source;
  pos = 0;
  depth = 0;
  maxNesting = nesting;
  try {
    const clauses: Clause[] = [];
    next();
    if (k() !== K.End) {
      for (;;) {
        clauses.push(readClause());
        if (k() === K.End) break;
        if (k() !== K.And) return undefined;
        next();
      }
    }
    return query(clauses, { span: { start: 0, end: source.length }, syntax: 'infix' });
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  } finally {
    text = '';
  }
}

/** field ( "is" ("present" | "absent") | operator value ); leaves the token after it current. */
function readClause(): Clause {
  let field: string;
  const fieldSpan: Span = { start, end };
  if (k() === K.Ident) field = text.slice(start, end);
  else if (k() === K.QField) field = decodeQuotedField(text.slice(start, end), start).value;
  else return giveUp();
  next();
  if (k() === K.Is) {
    const opSpan: Span = { start, end };
    next();
    if (k() !== K.Present && k() !== K.Absent) return giveUp();
    const valueSpan: Span = { start, end };
    const value = k() === K.Present;
    next();
    const spans: ClauseSpans = { clause: { start: fieldSpan.start, end: valueSpan.end }, operator: opSpan, field: fieldSpan, value: valueSpan };
    return clause('present?', field, value, { spans });
  }
  if (k() !== K.Op) return giveUp();
  const operator = op;
  const opSpan: Span = { start, end };
  next();
  const valueStart = start;
  let value: JsonValue;
  let items: Span[] | undefined;
  if (k() === K.LBracket) {
    items = [];
    value = readArray(items);
  } else value = readValue();
  const valueSpan: Span = { start: valueStart, end: lastEnd };
  const clauseSpan: Span = { start: fieldSpan.start, end: lastEnd };
  const spans: ClauseSpans = items
    ? { clause: clauseSpan, operator: opSpan, field: fieldSpan, value: valueSpan, items }
    : { clause: clauseSpan, operator: opSpan, field: fieldSpan, value: valueSpan };
  return clause(operator, field, value, { spans });
}

/** The end of the last value read. */
let lastEnd = 0;

/** A value at the current token; leaves the token after it current. */
function readValue(): JsonValue {
  let v: JsonValue;
  switch (k()) {
    case K.Str:
      v = readString();
      break;
    case K.Num: {
      const image = text.slice(start, end);
      const n = Number(image);
      if (!JSON_NUMBER.test(image) || !Number.isFinite(n)) return giveUp();
      v = n;
      lastEnd = end;
      next();
      return v;
    }
    case K.True:
      v = true;
      break;
    case K.False:
      v = false;
      break;
    case K.Null:
      v = null;
      break;
    case K.LBracket:
      return readArray(undefined);
    case K.LBrace:
      return readObject();
    default:
      return giveUp();
  }
  lastEnd = end;
  next();
  return v;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The current string token, decoded (gives up on any problem). */
function readString(): string {
  if (!escaped) return text.slice(start + 1, end - 1);
  const d = decodeString(text.slice(start, end), start);
  if (d.problems.length) return giveUp();
  return d.value;
}

/** `[` value ("," value)* `]`, with each element's span in `items` when given. */
function readArray(items: Span[] | undefined): JsonValue[] {
  if (++depth > maxNesting) return giveUp();
  const out: JsonValue[] = [];
  next();
  if (k() !== K.RBracket) {
    for (;;) {
      const s = start;
      out.push(readValue());
      if (items) items.push({ start: s, end: lastEnd });
      if (k() === K.Comma) next();
      else if (k() === K.RBracket) break;
      else return giveUp();
    }
  }
  depth--;
  lastEnd = end;
  next();
  return out;
}

/** `{` string ":" value ("," string ":" value)* `}`. */
function readObject(): { [key: string]: JsonValue } {
  if (++depth > maxNesting) return giveUp();
  const out: { [key: string]: JsonValue } = {};
  next();
  if (k() !== K.RBrace) {
    for (;;) {
      if (k() !== K.Str) return giveUp();
      const key = readString();
      next();
      if (k() !== K.Colon) return giveUp();
      next();
      const value = readValue();
      // defineProperty: a key `__proto__` is an ordinary own key, as with JSON.parse.
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      if (k() === K.Comma) next();
      else if (k() === K.RBrace) break;
      else return giveUp();
    }
  }
  depth--;
  lastEnd = end;
  next();
  return out;
}
