/**
 * `hover(text, offset, catalog)`: what the word under the cursor means. On a field: the
 * attribute's type, cardinality and label (UIConfiguration), what an alias path resolves to,
 * the operators allowed on it and its allowed values; on an operator or keyword: its meaning.
 * Infix and wire text alike, plain JSON or percent-encoded.
 */
import type { IToken } from 'chevrotain';
import { isOperator, type Operator, type Span } from '../ast/index.js';
import { catalogArgumentProblems, resolveField, type Catalog } from '../catalog/index.js';
import { argumentError, QueryError, throwBadArgument } from '../diagnostics/index.js';
import { OPERATORS, operatorOfToken, operatorsFor, type ValueShape } from '../operators/index.js';
import { detectSyntax } from '../syntax/detect.js';
import { getEngine } from '../syntax/engine.js';
import { formatValue } from '../syntax/format.js';
import { decodeQuotedField } from '../syntax/literals.js';
import { labelOf } from './proposals.js';
import { tokenSpan } from '../syntax/token-span.js';
import { outlineJson, placeOf } from './wire-outline.js';
import { percentText } from './percent-text.js';

/** What {@link hover} returns: Markdown text about the word at `range`. */
export interface HoverInfo {
  readonly kind: 'field' | 'operator' | 'keyword';
  /** Markdown. */
  readonly contents: string;
  /** The word described (UTF-16 offsets into the text). */
  readonly range: Span;
}

const SHAPES: Record<ValueShape, string> = {
  scalar: 'one value of the attribute’s type',
  ordered: 'a number (Number) or a string (String, Text), compared in code point order',
  list: 'a non-empty list of values of the attribute’s type',
  boolean: '`true` or `false`',
  text: 'a string with at least one word (letters or digits)',
};

const KEYWORDS: Readonly<Record<string, string>> = {
  And: '**and**: joins clauses; every clause must hold (a query is a conjunction).',
  Or: '**or** is not part of the language: the wire form has no OR. Use `one-of` for several values of one field.',
  Not: '**not** is not part of the language: the wire form has no NOT. Use `present? false` for a missing field.',
  NotEqual: '**!=** is not part of the language: the wire form has no not-equal operator.',
  Is: '**is**: `field is present` means `field present? true`; `field is absent` means `field present? false`.',
  Present: '**present**: `field is present` means `field present? true` (the key exists and is not null).',
  Absent: '**absent**: `field is absent` means `field present? false` (the key is missing or null).',
};

/** Options of {@link hover}. */
export interface HoverOptions {
  /**
   * The longest text read (default {@link DEFAULT_MAX_HOVER_LENGTH}, as `complete`'s): a longer
   * one gets no hover, so a call stays within milliseconds whatever it is given (each hover reads
   * the whole text). The language server raises it to 200 000; `Infinity` lifts it.
   */
  readonly maxLength?: number;
}

/** The default `maxLength` of {@link hover} (docs/limits.md). */
export const DEFAULT_MAX_HOVER_LENGTH = 10_000;

/**
 * The hover text for the word at `offset` (a UTF-16 offset into infix or wire text, plain JSON or
 * percent-encoded), or `undefined` when there is nothing to say or the text is longer than
 * `options.maxLength`. The range is in the text given (over the escapes, in percent-encoded
 * text). Never throws on any text; only a bad argument throws (`QueryError`).
 *
 * ```ts
 * hover('price < 20', 1, catalog)?.contents; // '**price**: Number, cardinality One ...'
 * ```
 */
export function hover(text: string, offset: number, catalog: Catalog, options: HoverOptions = {}): HoverInfo | undefined {
  try {
    if (typeof text !== 'string') throwBadArgument('hover', 'text', 'a string', text, 'Pass the text being edited.');
    if (typeof offset !== 'number' || Number.isNaN(offset)) throwBadArgument('hover', 'offset', 'a number (a UTF-16 offset into the text)', offset, 'Pass the cursor position.');
    const problems = catalogArgumentProblems('hover', catalog);
    if (problems.length) throw new QueryError(problems, 'hover was called with a bad catalog');
    if (options === null || typeof options !== 'object') throwBadArgument('hover', 'options', 'an object ({ maxLength? })', options, 'Pass {} or leave it out.');
    const max = options.maxLength;
    if (max !== undefined && (typeof max !== 'number' || Number.isNaN(max))) throwBadArgument('hover', 'options.maxLength', 'a number', max, 'Pass the longest text to read, or leave it out.');
    if (text.length > (max ?? DEFAULT_MAX_HOVER_LENGTH)) return undefined;
    const at = Math.max(0, Math.min(offset, text.length));
    if (detectSyntax(text) === 'infix') return hoverInfix(text, at, catalog);
    const encoded = percentText(text);
    if (!encoded) return hoverWire(text, at, catalog);
    const h = hoverWire(encoded.text, encoded.fromInput(at), catalog);
    return h && { ...h, range: { start: encoded.toInput(h.range.start), end: encoded.toInput(h.range.end) } };
  } catch (e) {
    throw argumentError('hover', e);
  }
}

function hoverInfix(text: string, at: number, catalog: Catalog): HoverInfo | undefined {
  const tokens = getEngine().lexer.tokenize(text).tokens;
  let i = tokens.findIndex((t) => t.startOffset <= at && at < tokenSpan(t).end);
  if (i < 0) i = tokens.findIndex((t) => tokenSpan(t).end === at);
  if (i < 0) return undefined;
  const t = tokens[i] as IToken;
  const range = tokenSpan(t);
  const name = t.tokenType.name;
  const op = operatorOfToken(name);
  if (op) {
    const sugar = op === 'one-of' && name === 'In' ? '\n\n`in` is another spelling of `one-of`.' : '';
    return { kind: 'operator', contents: operatorMarkdown(op) + sugar, range };
  }
  const keyword = KEYWORDS[name];
  if (keyword) return { kind: 'keyword', contents: keyword, range };
  const prev = tokens[i - 1]?.tokenType.name;
  const startsClause = prev === undefined || prev === 'And' || prev === 'Or' || prev === 'Not' || prev === 'LParen';
  if (!startsClause) return undefined;
  if (name === 'Identifier') return { kind: 'field', contents: fieldMarkdown(catalog, t.image), range };
  if (name === 'QuotedField') return { kind: 'field', contents: fieldMarkdown(catalog, decodeQuotedField(t.image, t.startOffset).value), range };
  return undefined;
}

function hoverWire(text: string, at: number, catalog: Catalog): HoverInfo | undefined {
  const root = outlineJson(text);
  if (!root) return undefined;
  // A hover sits on a token: look at the token around the offset, or the one just before it.
  let place = placeOf(root, at);
  if (!place.token && at < text.length) place = placeOf(root, at + 1);
  const { arrays, token } = place;
  if (!token || typeof token.value !== 'string') return undefined;
  const range = { start: token.start, end: token.end };
  const [, clause, inner] = arrays;
  if (!clause || arrays.length > 3) return undefined;
  if (!inner && clause.slot === 0) return { kind: 'field', contents: fieldMarkdown(catalog, token.value), range };
  if (inner && clause.slot === 0 && inner.slot === 1) return { kind: 'field', contents: fieldMarkdown(catalog, token.value), range };
  if (inner && clause.slot === 0 && inner.slot === 0) {
    return isOperator(token.value)
      ? { kind: 'operator', contents: operatorMarkdown(token.value), range }
      : { kind: 'operator', contents: `**${token.value}** is not an operator. The operators are ${Object.keys(OPERATORS).map((o) => '`' + o + '`').join(', ')}.`, range };
  }
  return undefined;
}

/**
 * Markdown about an operator: its meaning, the value it takes, the types it applies to. Throws a
 * `QueryError` (`api/bad-argument`) when `op` is not one of the operators (`OPERATOR_NAMES`).
 */
export function describeOperator(op: Operator): string {
  if (!isOperator(op)) throwBadArgument('describeOperator', 'op', `an operator name (${Object.keys(OPERATORS).map((o) => JSON.stringify(o)).join(', ')})`, op, 'Pass one of OPERATOR_NAMES, such as "=" or "one-of".');
  return operatorMarkdown(op);
}

function operatorMarkdown(op: Operator): string {
  const info = OPERATORS[op];
  return [`**${info.infix}**: ${info.summary}.`, `Value: ${SHAPES[info.value]}.`, `Allowed on: ${info.types.join(', ')}.`].join('\n\n');
}

/**
 * Markdown about a field of the catalog (a field it does not know is described as such). Throws a
 * `QueryError` (`api/bad-argument`) when `catalog` is not a catalog or `field` not a string.
 */
export function describeField(catalog: Catalog, field: string): string {
  const problems = catalogArgumentProblems('describeField', catalog);
  if (problems.length) throw new QueryError(problems, 'describeField was called with a bad catalog');
  if (typeof field !== 'string') throwBadArgument('describeField', 'field', 'a string (a field name as written in a query)', field, 'Pass the field name, such as "price" or "Brand.Name".');
  return fieldMarkdown(catalog, field);
}

function fieldMarkdown(catalog: Catalog, field: string): string {
  const r = resolveField(catalog, field);
  const name = '`' + field.replace(/`/g, '``') + '`';
  if (!r.ok) {
    switch (r.reason) {
      case 'unknown-field':
        return `${name} is not a searchable attribute of the catalog “${catalog.Name}”.`;
      case 'alias-undefined':
        return `${name} is an alias path, but the catalog’s Aliases do not define it.`;
      case 'alias-not-searchable':
        return `${name} is an alias of \`${r.rawKey}\`, which is not a searchable attribute.`;
    }
  }
  const a = r.attribute;
  const lines = [`**${field}**: ${a.Type}, cardinality ${a.Cardinality}${a.Type === 'Referenced' ? ` (ids in reference ${a.ReferenceId})` : ''}`];
  const label = labelOf(catalog, [r.rawKey, field]);
  if (label) lines.push(`Label: ${label}`);
  if (r.alias) lines.push(`Alias path: resolves to the attribute \`${r.rawKey}\` through the catalog’s Aliases.`);
  if (a.Cardinality === 'Many') lines.push('An item holds a list of values; a clause holds when it holds for at least one of them.');
  lines.push(`Operators: ${operatorsFor(a.Type).map((o) => '`' + OPERATORS[o].infix + '`').join(', ')}`);
  const allowed = (catalog.UIConfiguration ?? []).find((u) => u.Key !== undefined && (u.Key === r.rawKey || u.Key === field) && u.AllowedValues)?.AllowedValues;
  if (allowed) {
    const shown = (allowed as readonly (string | number)[]).slice(0, 12).map((v) => '`' + formatValue(v) + '`');
    lines.push(`Allowed values: ${shown.join(', ')}${allowed.length > 12 ? `, … (${allowed.length} in all)` : ''}`);
  }
  return lines.join('\n\n');
}
