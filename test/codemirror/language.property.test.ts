/**
 * The highlighter reads the same tokens as the parser's lexer: on generated queries (canonical
 * text of nasty data) and on token soup (keywords glued to names, stray characters, unterminated
 * strings and back-quoted fields across lines), every token starts and ends where the lexer's
 * does and gets the highlighting class of the lexer's token type.
 */
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { catqLanguage } from '../../src/codemirror/index.js';
import { getEngine } from '../../src/syntax/engine.js';
import { format } from '../../src/syntax/index.js';
import { queryArb } from '../support/query-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

/** The highlighting tag each lexer token type must get. */
const EXPECTED: Readonly<Record<string, string>> = {
  StringLit: 'string',
  QuotedField: 'propertyName',
  Identifier: 'propertyName',
  NumberLit: 'number',
  LBracket: 'squareBracket',
  RBracket: 'squareBracket',
  LBrace: 'brace',
  RBrace: 'brace',
  LParen: 'paren',
  RParen: 'paren',
  Comma: 'separator',
  Colon: 'punctuation',
  NotEqual: 'compareOperator',
  LessEq: 'compareOperator',
  GreaterEq: 'compareOperator',
  Less: 'compareOperator',
  Greater: 'compareOperator',
  Equals: 'compareOperator',
  OneOf: 'operatorKeyword',
  PresentQ: 'operatorKeyword',
  MatchesPhrase: 'operatorKeyword',
  Matches: 'operatorKeyword',
  In: 'operatorKeyword',
  And: 'logicOperator',
  Or: 'logicOperator',
  Not: 'logicOperator',
  Is: 'keyword',
  Present: 'keyword',
  Absent: 'keyword',
  True: 'bool',
  False: 'bool',
  Null: 'null',
};

interface Tok {
  from: number;
  to: number;
  name: string;
}

/** The highlighter's tokens, one per line piece (the stream parser works line by line). */
function highlighted(text: string): Tok[] {
  const state = EditorState.create({ doc: text, extensions: [catqLanguage] });
  const tree = ensureSyntaxTree(state, state.doc.length, 10_000);
  if (!tree) throw new Error('no syntax tree');
  const out: Tok[] = [];
  tree.iterate({ enter: (n) => void (n.type.isTop || out.push({ from: n.from, to: n.to, name: n.type.name })) });
  return out;
}

/** The lexer's tokens split at line breaks like the editor's lines, plus one `invalid` per character it could not read. */
function lexed(text: string): Tok[] {
  const { tokens, errors } = getEngine().lexer.tokenize(text);
  const out: Tok[] = [];
  for (const t of tokens) {
    const name = EXPECTED[t.tokenType.name];
    if (!name) throw new Error('no expectation for ' + t.tokenType.name);
    const end = t.startOffset + t.image.length;
    // Split at line breaks (\r\n, \n, \r), which the editor's lines leave out.
    let from = t.startOffset;
    for (const m of t.image.matchAll(/\r\n?|\n/g)) {
      const at = t.startOffset + (m.index as number);
      if (at > from) out.push({ from, to: at, name });
      from = at + m[0].length;
    }
    if (end > from) out.push({ from, to: end, name });
  }
  for (const e of errors) for (let i = e.offset; i < e.offset + e.length; i++) if (!/[\r\n]/.test(text[i] as string)) out.push({ from: i, to: i + 1, name: 'invalid' });
  return out.sort((a, b) => a.from - b.from);
}

const PIECES = [
  'and', 'or', 'not', 'in', 'is', 'present', 'present?', 'absent', 'true', 'false', 'null', 'one-of', 'matches', 'matches-phrase',
  'android', 'constructor', '__proto__', 'one-ofx', 'present?x', 'matches-phrase-2', 'in_stock', 'Brand.Id', 'vendor/brand-id', 'Ünïcødé_名前', '𝒜lpha', '_x',
  '=', '<', '>', '<=', '>=', '!=', '<>', '||', '!', '?', '@', '#', '-', '.5', '1.', '-1.5E+2', '1e', '01', '42',
  '"a b"', '"unterminated', "'single'", '"esc\\"aped"', '"\\', '`size (EU)`', '`it``s`', '`open', '`multi\nline`', '``',
  '[', ']', '{', '}', '(', ')', ',', ':', ' ', '  ', '\t', '\n', '\r\n', '\r', '\u2028', '\u00A0', '\uFEFF', '😀', '\uD800', 'é',
];
const soupArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((p) => p.join(''));

/** Adjacent tokens of one class are one stretch of colour (the stream parser joins them too). */
function joined(toks: Tok[]): Tok[] {
  const out: Tok[] = [];
  for (const t of toks) {
    const last = out[out.length - 1];
    if (last && last.to === t.from && last.name === t.name) last.to = t.to;
    else out.push({ ...t });
  }
  return out;
}

function check(text: string): void {
  // The editor's document joins lines with \n (a \r\n counts as one character): lex that text.
  const doc = EditorState.create({ doc: text }).doc.toString();
  expect(joined(highlighted(doc)), JSON.stringify(text)).toEqual(joined(lexed(doc)));
}

describe('highlighting tokens', () => {
  test('examples', () => {
    check('brand = "Acme" and price < 20 and tags one-of ["sale", "new"]');
    check('color is present and `size (EU)` in [40, 41] and title matches-phrase \'red shoe\'');
    check('`multi\nline field` = 1 or not x != 2');
    check('');
  });

  test('generated queries, canonical text (fixed seed)', () => {
    fc.assert(fc.property(queryArb, (q) => check(format(q))), { seed: propertySeed(20261123), numRuns: propertyRuns(300) });
  });

  test('token soup (fixed seed)', () => {
    fc.assert(fc.property(soupArb, check), { seed: propertySeed(1123), numRuns: propertyRuns(1000) });
  });
});
