/**
 * `complete(text, offset, catalog)`: what may be written at the cursor. The grammar decides
 * WHAT kind of thing comes next (content assist over the parser's grammar); the catalog decides
 * WHICH: field names, the operators allowed on the field's type, value hints.
 */
import type { IToken } from 'chevrotain';
import type { Operator, Span } from '../ast/index.js';
import { catalogArgumentProblems, type Catalog } from '../catalog/index.js';
import { argumentError, QueryError, throwBadArgument } from '../diagnostics/index.js';
import { OPERATOR_SPELLINGS, OPERATORS, operatorOfToken } from '../operators/index.js';
import { completeWire } from './complete-wire.js';
import { nextTokens } from './content-assist.js';
import { getEngine, loadChevrotain } from '../syntax/engine.js';
import { formatField, formatValue } from '../syntax/format.js';
import { decodeQuotedField } from '../syntax/literals.js';
import { detectSyntax } from '../syntax/detect.js';
import { MAX_NESTING, nestingBeyond } from '../syntax/parse.js';
import { attributeOf, DEFAULT_MAX_COMPLETE_LENGTH, fieldProposals, operatorProposals, valueProposals, type CompleteOptions, type Proposal } from './proposals.js';
import { tokenEnd, tokenSpan } from '../syntax/token-span.js';

/** One completion proposal, placed: {@link range} is the text it replaces. */
export interface CompletionItem extends Proposal {
  /** The range of the text replaced (UTF-16 offsets): the word being typed, or an empty range at the cursor. */
  readonly range: Span;
}

/** Tokens that can be a partly typed word at the cursor. */
const PREFIX_TOKENS = new Set([
  'Identifier', 'QuotedField', 'StringLit', 'NumberLit', ...OPERATOR_SPELLINGS.filter((o) => o.word).map((o) => o.token),
  'And', 'Or', 'Not', 'Is', 'Present', 'Absent', 'True', 'False', 'Null',
]);


/**
 * Completions at `offset` (a UTF-16 offset into `text`): fields (with type, cardinality and
 * label), the operators allowed on the field's type, values (`AllowedValues` of the catalog's
 * UIConfiguration, else values seen in `options.items`), and keywords. `text` is infix or
 * plain JSON wire text (told apart by `detectSyntax`); percent-encoded text gets no proposals.
 * An unreadable prefix, and a text longer than `options.maxLength` (default 10 000), give no
 * proposals; only a bad argument throws (`QueryError`).
 *
 * ```ts
 * complete('colors = ', 9, catalog).map((c) => c.insertText); // ['"red"', '"blue"', ...]
 * complete('[["brand", ', 11, catalog, { items }); // values of brand seen in items
 * ```
 */
export function complete(text: string, offset: number, catalog: Catalog, options: CompleteOptions = {}): CompletionItem[] {
  try {
    if (typeof text !== 'string') throwBadArgument('complete', 'text', 'a string', text, 'Pass the text being edited.');
    if (typeof offset !== 'number' || Number.isNaN(offset)) throwBadArgument('complete', 'offset', 'a number (a UTF-16 offset into the text)', offset, 'Pass the cursor position.');
    const problems = catalogArgumentProblems('complete', catalog);
    if (problems.length) throw new QueryError(problems, 'complete was called with a bad catalog');
    if (options === null || typeof options !== 'object') throwBadArgument('complete', 'options', 'an object ({ items?, maxValues?, maxLength? })', options, 'Pass {} or leave it out.');
    if (options.items !== undefined && !Array.isArray(options.items)) throwBadArgument('complete', 'options.items', 'an array of raw items', options.items, 'Pass a sample of the item data, or leave it out.');
    if (options.maxValues !== undefined && (typeof options.maxValues !== 'number' || Number.isNaN(options.maxValues))) throwBadArgument('complete', 'options.maxValues', 'a number', options.maxValues, 'Pass how many sample values to propose at most.');
    if (options.maxLength !== undefined && (typeof options.maxLength !== 'number' || Number.isNaN(options.maxLength))) throwBadArgument('complete', 'options.maxLength', 'a number', options.maxLength, 'Pass the longest text to complete, or leave it out.');
    if (text.length > (options.maxLength !== undefined && options.maxLength >= 0 ? options.maxLength : DEFAULT_MAX_COMPLETE_LENGTH)) return [];
    const at = Math.max(0, Math.min(offset, text.length));
    if (detectSyntax(text) === 'wire') return completeWire(text, at, catalog, options);
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
    // Text nested deeper than the parser reads is refused whatever follows (syntax/too-deep): no
    // proposal can help, and none is computed.
    if (nestingBeyond(before, MAX_NESTING)) return [];
    const range: Span = word ? tokenSpan(word) : { start: at, end: at };
    const typed = word ? text.slice(word.startOffset, at) : '';
    const { next } = nextTokens(loadChevrotain(), parser.getGAstProductions(), 'query', before);
    const field = clauseField(before);
    const attribute = field === undefined ? undefined : attributeOf(catalog, field);
    const operator = lastOperator(before);
    const items: CompletionItem[] = [];
    const seen = new Set<string>();
    const add = (item: Proposal): void => {
      const key = item.kind + '\u0000' + item.insertText;
      if (seen.has(key)) return;
      if (typed && !item.insertText.toLowerCase().startsWith(typed.toLowerCase()) && !item.label.toLowerCase().startsWith(typed.toLowerCase())) return;
      seen.add(key);
      items.push({ ...item, range });
    };
    for (const { tokenType, rule, within } of next) {
      const name = tokenType.name;
      if (rule === 'field' && (name === 'Identifier' || name === 'QuotedField')) {
        // The grammar also reads a clause right after another (to report the missing `and`);
        // propose fields only where a clause may really start.
        if (!clauseMayStart(before)) continue;
        // After a back-quote, every field is proposed back-quoted (`brand` as well as `size (EU)`):
        // the user chose the quoting, and the typed back-quote then matches the proposal.
        const write = typed.startsWith('`') ? (f: string) => '`' + f.replace(/`/g, '``') + '`' : formatField;
        for (const p of fieldProposals(catalog, write)) add(p);
      } else if (name === 'OperatorTok') {
        for (const p of operatorProposals(attribute, (op) => OPERATORS[op].infix)) add(p);
      } else if (name === 'Is') {
        add({ label: 'is', kind: 'keyword', insertText: 'is', detail: '`is present` / `is absent`: present? true / false' });
      } else if (name === 'Connective' || name === 'And') {
        add({ label: 'and', kind: 'keyword', insertText: 'and', detail: 'join another clause (all must hold)' });
      } else if (name === 'Present' || name === 'Absent') {
        const w = name === 'Present' ? 'present' : 'absent';
        add({ label: w, kind: 'keyword', insertText: w, detail: name === 'Present' ? 'present? true' : 'present? false' });
      } else if (rule === 'value') {
        for (const v of valueProposals(catalog, field, operator, within('array'), options, formatValue)) add(v);
      }
    }
    return items;
  } catch (e) {
    throw argumentError('complete', e);
  }
}

function clauseMayStart(before: readonly IToken[]): boolean {
  const n = before[before.length - 1]?.tokenType.name;
  return n === undefined || n === 'And' || n === 'Or' || n === 'Not' || n === 'LParen';
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
    const op = operatorOfToken(n);
    if (op !== undefined) return op;
    if (n === 'NotEqual' || n === 'And' || n === 'Or') return undefined;
  }
  return undefined;
}
