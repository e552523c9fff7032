/**
 * `complete(text, offset, catalog)`: what may be written at the cursor. The grammar decides
 * WHAT kind of thing comes next (content assist over the parser's grammar); the catalog decides
 * WHICH: field names, the operators allowed on the field's type, value hints.
 */
import type { IToken } from 'chevrotain';
import type { Operator, Span } from '../ast/index.js';
import { catalogArgumentProblems, fieldNames, resolveField, type Catalog, type SearchableAttribute } from '../catalog/index.js';
import { QueryError, throwBadArgument } from '../diagnostics/index.js';
import { OPERATORS, operatorsFor } from '../operators/index.js';
import { nextTokens } from './content-assist.js';
import { getEngine, loadChevrotain } from './engine.js';
import { formatField, formatValue } from './format.js';
import { decodeQuotedField } from './literals.js';
import { tokenEnd, tokenSpan } from './token-span.js';

/** One completion proposal. */
export interface CompletionItem {
  /** What the menu shows. */
  readonly label: string;
  readonly kind: 'field' | 'operator' | 'value' | 'keyword';
  /** The text that replaces {@link range}. */
  readonly insertText: string;
  /** The range of the text replaced: the word being typed, or an empty range at the cursor. */
  readonly range: Span;
  /** A short description (attribute type, operator meaning). */
  readonly detail: string;
}

/** Tokens that can be a partly typed word at the cursor. */
const PREFIX_TOKENS = new Set([
  'Identifier', 'QuotedField', 'StringLit', 'NumberLit', 'OneOf', 'PresentQ', 'MatchesPhrase', 'Matches', 'In',
  'And', 'Or', 'Not', 'Is', 'Present', 'Absent', 'True', 'False', 'Null',
]);

const OPERATOR_TOKENS = new Set(['Equals', 'Less', 'Greater', 'LessEq', 'GreaterEq', 'OneOf', 'In', 'PresentQ', 'Matches', 'MatchesPhrase', 'NotEqual']);

const OPERATOR_OF: Readonly<Record<string, Operator>> = {
  Equals: '=', Less: '<', Greater: '>', LessEq: '<=', GreaterEq: '>=', OneOf: 'one-of', In: 'one-of',
  PresentQ: 'present?', Matches: 'matches', MatchesPhrase: 'matches-phrase',
};

function describeAttribute(a: SearchableAttribute): string {
  return `${a.Type}, ${a.Cardinality}`;
}

/**
 * Completions at `offset` (a UTF-16 offset into `text`). Never throws; an unreadable prefix
 * gives no proposals.
 */
export function complete(text: string, offset: number, catalog: Catalog): CompletionItem[] {
  if (typeof text !== 'string') throwBadArgument('complete', 'text', 'a string', text, 'Pass the text being edited.');
  if (typeof offset !== 'number' || Number.isNaN(offset)) throwBadArgument('complete', 'offset', 'a number (a UTF-16 offset into the text)', offset, 'Pass the cursor position.');
  const problems = catalogArgumentProblems('complete', catalog);
  if (problems.length) throw new QueryError(problems, 'complete was called with a bad catalog');
  const at = Math.max(0, Math.min(offset, text.length));
  const { lexer, parser } = getEngine();
  const tokens = lexer.tokenize(text).tokens;
  const before: IToken[] = [];
  let word: IToken | undefined;
  for (const t of tokens) {
    const end = tokenEnd(t);
    if (end < at || (end === at && !PREFIX_TOKENS.has(t.tokenType.name))) before.push(t);
    else if (t.startOffset < at && PREFIX_TOKENS.has(t.tokenType.name)) {
      word = t;
      break;
    } else break;
  }
  const range: Span = word ? tokenSpan(word) : { start: at, end: at };
  const typed = word ? text.slice(word.startOffset, at) : '';
  const { next } = nextTokens(loadChevrotain(), parser.getGAstProductions(), 'query', before);
  const field = clauseField(before);
  const attribute = field === undefined ? undefined : resolved(catalog, field);
  const operator = lastOperator(before);
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  const add = (item: Omit<CompletionItem, 'range'>): void => {
    const key = item.kind + '\u0000' + item.insertText;
    if (seen.has(key)) return;
    if (typed && !item.insertText.toLowerCase().startsWith(typed.toLowerCase()) && !item.label.toLowerCase().startsWith(typed.toLowerCase())) return;
    seen.add(key);
    items.push({ ...item, range });
  };
  for (const { tokenType, ruleStack } of next) {
    const name = tokenType.name;
    const rule = ruleStack[ruleStack.length - 1];
    if (rule === 'field' && (name === 'Identifier' || name === 'QuotedField')) {
      // The grammar also reads a clause right after another (to report the missing `and`);
      // propose fields only where a clause may really start.
      if (!clauseMayStart(before)) continue;
      for (const f of fieldNames(catalog)) {
        const a = resolved(catalog, f);
        add({ label: f, kind: 'field', insertText: formatField(f), detail: a ? describeAttribute(a) : 'field' });
      }
    } else if (name === 'OperatorTok') {
      const ops = attribute ? operatorsFor(attribute.Type) : (Object.keys(OPERATORS) as Operator[]);
      for (const op of ops) add({ label: OPERATORS[op].infix, kind: 'operator', insertText: OPERATORS[op].infix, detail: OPERATORS[op].summary });
    } else if (name === 'Connective' || name === 'And') {
      add({ label: 'and', kind: 'keyword', insertText: 'and', detail: 'join another clause (all must hold)' });
    } else if (name === 'Present' || name === 'Absent') {
      const w = name === 'Present' ? 'present' : 'absent';
      add({ label: w, kind: 'keyword', insertText: w, detail: name === 'Present' ? 'present? true' : 'present? false' });
    } else if (rule === 'value') {
      for (const v of valueHints(catalog, field, attribute, operator, ruleStack)) add(v);
    }
  }
  return items;
}

function clauseMayStart(before: readonly IToken[]): boolean {
  const n = before[before.length - 1]?.tokenType.name;
  return n === undefined || n === 'And' || n === 'Or' || n === 'Not' || n === 'LParen';
}

function resolved(catalog: Catalog, field: string): SearchableAttribute | undefined {
  const r = resolveField(catalog, field);
  return r.ok ? r.attribute : undefined;
}

/** The field of the clause the cursor is in: the last field token before it. */
function clauseField(before: readonly IToken[]): string | undefined {
  for (let i = before.length - 1; i >= 0; i--) {
    const t = before[i] as IToken;
    const n = t.tokenType.name;
    if (n === 'And' || n === 'Or') return undefined;
    const prev = before[i - 1]?.tokenType.name;
    const startsClause = prev === undefined || prev === 'And' || prev === 'Or' || prev === 'Not' || prev === 'LParen';
    if (startsClause && n === 'Identifier') return t.image;
    if (startsClause && n === 'QuotedField') return decodeQuotedField(t.image, t.startOffset).value;
  }
  return undefined;
}

function lastOperator(before: readonly IToken[]): Operator | undefined {
  for (let i = before.length - 1; i >= 0; i--) {
    const n = (before[i] as IToken).tokenType.name;
    if (OPERATOR_TOKENS.has(n)) return OPERATOR_OF[n];
    if (n === 'And' || n === 'Or') return undefined;
  }
  return undefined;
}

/** `true`/`false` for Boolean and `present?`, the UIConfiguration AllowedValues of the field. */
function valueHints(
  catalog: Catalog,
  field: string | undefined,
  attribute: SearchableAttribute | undefined,
  operator: Operator | undefined,
  ruleStack: readonly string[],
): Omit<CompletionItem, 'range'>[] {
  const out: Omit<CompletionItem, 'range'>[] = [];
  const inList = ruleStack.includes('array');
  if (operator === 'present?') {
    if (!inList) for (const b of [true, false]) out.push({ label: String(b), kind: 'value', insertText: String(b), detail: b ? 'the field is present' : 'the field is missing or null' });
    return out;
  }
  if (attribute?.Type === 'Boolean') {
    for (const b of [true, false]) {
      const text = operator === 'one-of' && !inList ? `[${b}]` : String(b);
      out.push({ label: text, kind: 'value', insertText: text, detail: 'Boolean' });
    }
  }
  const raw = field === undefined ? undefined : resolveField(catalog, field);
  const keys = new Set([field, raw?.ok ? raw.rawKey : undefined].filter((k): k is string => k !== undefined));
  for (const ui of catalog.UIConfiguration ?? []) {
    if (ui.Key === undefined || !keys.has(ui.Key) || !ui.AllowedValues) continue;
    for (const v of ui.AllowedValues as readonly (string | number)[]) {
      const text = operator === 'one-of' && !inList ? `[${formatValue(v)}]` : formatValue(v);
      out.push({ label: text, kind: 'value', insertText: text, detail: ui.Label ? `allowed value (${ui.Label})` : 'allowed value' });
    }
  }
  return out;
}
