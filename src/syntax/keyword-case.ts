/**
 * Keywords are lower-case only (`and`, not `AND`), like the wire's case-sensitive operators. A
 * word that can only be a mistyped keyword where it stands (`AND` right after a value, `IN` right
 * after a field, `TRUE` after an operator) is reported with a fix and then read as the keyword,
 * so the rest of the query parses as meant. Elsewhere such a word is a field name (`AND = 1`).
 */
import type { IToken, TokenType } from 'chevrotain';
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';
import { OPERATOR_SPELLINGS } from '../operators/index.js';
import type { Tokens } from './tokens.js';
import { tokenSpan } from './token-span.js';

const VALUE_END = new Set(['StringLit', 'NumberLit', 'True', 'False', 'Null', 'RBracket', 'RBrace', 'Present', 'Absent']);
const FIELD = new Set(['Identifier', 'QuotedField']);

const keywordTypes = new WeakMap<Tokens, Readonly<Record<string, TokenType>>>();

function keywordsOf(k: Tokens): Readonly<Record<string, TokenType>> {
  let byWord = keywordTypes.get(k);
  if (!byWord) {
    const ops: Record<string, TokenType> = {};
    for (const type of k.operators) {
      const spelling = OPERATOR_SPELLINGS.find((o) => o.token === type.name);
      if (spelling?.word) ops[spelling.text] = type;
    }
    byWord = {
      and: k.And, or: k.Or, not: k.Not, is: k.Is, present: k.Present, absent: k.Absent,
      true: k.True, false: k.False, null: k.Null, ...ops,
    };
    keywordTypes.set(k, byWord);
  }
  return byWord;
}

const UPPER = /[A-Z]/;
/** The words that may follow a field: `is`, `not` and every word spelling of an operator. */
const AFTER_FIELD: ReadonlySet<string> = new Set(OPERATOR_SPELLINGS.filter((o) => o.word).map((o) => o.text));
const LONGEST_KEYWORD = Math.max(14, ...OPERATOR_SPELLINGS.map((o) => o.text.length));

/** Re-types mistyped keywords in place and returns one diagnostic for each. */
export function fixKeywordCase(tokens: IToken[], k: Tokens): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as IToken;
    if (t.tokenType !== k.Identifier || t.image.length > LONGEST_KEYWORD || !UPPER.test(t.image)) continue;
    const byWord = keywordsOf(k);
    const lower = t.image.toLowerCase();
    if (lower === t.image || !Object.prototype.hasOwnProperty.call(byWord, lower)) continue;
    const prev = tokens[i - 1];
    const before = prev?.tokenType.name;
    const isOperator = prev ? (prev.tokenType.CATEGORIES ?? []).some((c) => c === k.OperatorTok) : false;
    let ok = false;
    if (before !== undefined && VALUE_END.has(before)) ok = lower === 'and' || lower === 'or';
    else if (before !== undefined && FIELD.has(before) && startsClause(tokens, i - 1, k)) ok = lower === 'is' || lower === 'not' || AFTER_FIELD.has(lower);
    else if (before === 'Is') ok = lower === 'present' || lower === 'absent' || lower === 'not';
    else if (isOperator) ok = lower === 'true' || lower === 'false' || lower === 'null';
    if (!ok) continue;
    const span = tokenSpan(t);
    out.push(
      diagnostic('syntax/keyword-case', { written: t.image, keyword: lower }, {
        span,
        fixes: [{ title: `Write \`${lower}\``, edits: [{ span, newText: lower }] }],
      }),
    );
    t.tokenType = byWord[lower] as TokenType;
    t.tokenTypeIdx = (byWord[lower] as TokenType).tokenTypeIdx as number;
  }
  return out;
}

/** Whether the field token at `i` begins a clause (start of text, or after a connective, `not` or `(`). */
function startsClause(tokens: readonly IToken[], i: number, k: Tokens): boolean {
  const p = tokens[i - 1]?.tokenType;
  return p === undefined || p === k.And || p === k.Or || p === k.Not || p === k.LParen;
}
