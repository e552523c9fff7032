/**
 * `semanticTokens(text)`: what each word of a query text is, for an editor to colour it: fields,
 * operators, keywords, strings and numbers, in infix and wire text (plain JSON or percent-encoded) alike. The words
 * are the lexer's own (infix) and the clause slots the completion reads (wire), so the colours
 * follow the same reading as the diagnostics. It needs no catalog: a field is a field by where
 * it stands, known or not (an unknown one has its diagnostic).
 */
import type { IToken } from 'chevrotain';
import { isOperator, type Operator } from '../ast/index.js';
import { argumentError, throwBadArgument } from '../diagnostics/index.js';
import { getEngine } from '../syntax/engine.js';
import { tokenEnd } from '../syntax/token-span.js';
import { isWordOperator, operatorOfToken } from '../operators/index.js';
import { outlineJson, type OutlineNode } from './wire-outline.js';
import { percentText } from './percent-text.js';

/**
 * The kinds of words, named as the Language Server Protocol's standard token types (so that
 * editor themes colour them without configuration). An operator written as a word (`one-of`,
 * `matches`, `present?`) is a `keyword`, one written as a symbol (`=`, `<=`) an `operator`;
 * `true`, `false` and `null` are keywords.
 */
export const SEMANTIC_TOKEN_TYPES = ['property', 'operator', 'keyword', 'string', 'number'] as const;

/** One of {@link SEMANTIC_TOKEN_TYPES}. */
export type SemanticTokenType = (typeof SEMANTIC_TOKEN_TYPES)[number];

/** A word of the text and its kind: half-open UTF-16 offsets, in text order, never overlapping. */
export interface SemanticToken {
  readonly start: number;
  readonly end: number;
  readonly type: SemanticTokenType;
}

/** Options of {@link semanticTokens}. */
export interface SemanticTokensOptions {
  /**
   * The longest text read (default {@link DEFAULT_MAX_SEMANTIC_TOKENS_LENGTH}, as `complete`'s):
   * a longer one gets no tokens, so a call stays within a few milliseconds whatever it is given.
   * The language server raises it to 200 000 for the user's own documents; `Infinity` lifts it.
   */
  readonly maxLength?: number;
}

/** The default `maxLength` of {@link semanticTokens} (docs/limits.md). */
export const DEFAULT_MAX_SEMANTIC_TOKENS_LENGTH = 10_000;

/**
 * The words of `text` with their kinds, for highlighting. Infix text is read by the lexer (a word
 * it cannot read is left out); wire text (first non-blank character `[`) by a forgiving JSON
 * reader that follows the clause shapes while the text is being typed; percent-encoded wire text
 * (first non-blank character `%`) is decoded and read so, each token then covering its escapes in
 * the text given. Text longer than `options.maxLength`, and percent-encoded text with a malformed
 * escape, get none. Never throws on any string; only a bad argument throws (`QueryError`).
 *
 * ```ts
 * semanticTokens('price < 20'); // [{ start: 0, end: 5, type: 'property' }, { start: 6, end: 7, type: 'operator' }, { start: 8, end: 10, type: 'number' }]
 * ```
 */
export function semanticTokens(text: string, options: SemanticTokensOptions = {}): SemanticToken[] {
  try {
    if (typeof text !== 'string') throwBadArgument('semanticTokens', 'text', 'a string', text, 'Pass the text being edited.');
    if (options === null || typeof options !== 'object') throwBadArgument('semanticTokens', 'options', 'an object ({ maxLength? })', options, 'Pass {} or leave it out.');
    const max = options.maxLength;
    if (max !== undefined && (typeof max !== 'number' || Number.isNaN(max))) throwBadArgument('semanticTokens', 'options.maxLength', 'a number', max, 'Pass the longest text to read, or leave it out.');
    if (text.length > (max ?? DEFAULT_MAX_SEMANTIC_TOKENS_LENGTH)) return [];
    const first = /\S/.exec(text)?.[0];
    if (first === '[') return wireTokens(text);
    if (first === undefined) return [];
    if (first === '%') {
      const encoded = percentText(text);
      if (!encoded || /\S/.exec(encoded.text)?.[0] !== '[') return [];
      // A token's end maps to the start of the next character's escape: its own escapes, whole.
      return wireTokens(encoded.text).map((t) => ({ start: encoded.toInput(t.start), end: encoded.toInput(t.end), type: t.type }));
    }
    return infixTokens(text);
  } catch (e) {
    throw argumentError('semanticTokens', e);
  }
}

/** The kind of each infix token type (by name); punctuation has none. */
const INFIX_KINDS: Readonly<Record<string, SemanticTokenType>> = {
  Identifier: 'property',
  QuotedField: 'property',
  StringLit: 'string',
  NumberLit: 'number',
  And: 'keyword',
  Or: 'keyword',
  Not: 'keyword',
  Is: 'keyword',
  Present: 'keyword',
  Absent: 'keyword',
  True: 'keyword',
  False: 'keyword',
  Null: 'keyword',
  NotEqual: 'operator',
};

function infixTokens(text: string): SemanticToken[] {
  const out: SemanticToken[] = [];
  for (const t of getEngine().lexer.tokenize(text).tokens as IToken[]) {
    const name = t.tokenType.name;
    const op = operatorOfToken(name);
    const type = op ? operatorKind(op) : INFIX_KINDS[name];
    // (Written out: a spread of the span would cost more than the lexing, measured.)
    if (type) out.push({ start: t.startOffset, end: tokenEnd(t), type });
  }
  return out;
}

/** `keyword` for an operator spelled as a word, `operator` for one spelled with symbols. */
function operatorKind(op: Operator): SemanticTokenType {
  return isWordOperator(op) ? 'keyword' : 'operator';
}

/** The kind of a JSON scalar standing as a value (`text` is the whole text). */
function valueKind(node: Extract<OutlineNode, { kind: 'scalar' }>, text: string): SemanticTokenType | undefined {
  if (text.charCodeAt(node.start) === 34 /* " */) return 'string';
  const v = node.value;
  if (typeof v === 'number') return 'number';
  // (The outline keeps no value for null: it reads it as it reads a word it cannot parse.)
  if (v === true || v === false || (node.end - node.start === 4 && text.startsWith('null', node.start))) return 'keyword';
  return undefined;
}

/** The JSON words of a value: a string (maybe unclosed), a number, or a bare word. */
const JSON_WORD = /"(?:[^"\\]|\\[\s\S])*"?|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[A-Za-z_]\w*/g;

/**
 * The strings, numbers, `true`, `false` and `null` inside a value the outline does not open (an
 * object, or an array nested deeper than it reads), from `start` to `end`: keys are strings, as
 * in infix text, where the lexer reads an object's keys as strings.
 */
function scalarsIn(text: string, start: number, end: number): SemanticToken[] {
  const out: SemanticToken[] = [];
  for (const m of text.slice(start, end).matchAll(JSON_WORD)) {
    const w = m[0];
    const type: SemanticTokenType | undefined = w.startsWith('"') ? 'string' : /^-?\d/.test(w) ? 'number' : w === 'true' || w === 'false' || w === 'null' ? 'keyword' : undefined;
    if (type) out.push({ start: start + m.index, end: start + m.index + w.length, type });
  }
  return out;
}

function wireTokens(text: string): SemanticToken[] {
  const root = outlineJson(text);
  const out: SemanticToken[] = [];
  const push = (node: OutlineNode, type: SemanticTokenType | undefined): void => {
    if (type && node.end > node.start) out.push({ start: node.start, end: node.end, type });
  };
  /** A value (or a list of values, or anything deeper): each scalar by its own kind. */
  const values = (node: OutlineNode): void => {
    if (node.kind === 'scalar') push(node, valueKind(node, text));
    else if (node.kind === 'array') for (const child of node.children) values(child);
    else out.push(...scalarsIn(text, node.start, node.end));
  };
  /** A scalar where a field stands: a field (a string, or a word being typed), unless it is a number, a boolean or null. */
  const fieldKind = (node: Extract<OutlineNode, { kind: 'scalar' }>): SemanticTokenType => {
    const k = valueKind(node, text);
    return k === 'number' || k === 'keyword' ? k : 'property';
  };
  /** Each child of `array` with its slot (the commas before it), in one pass: both are in text order. */
  const slotted = (array: Extract<OutlineNode, { kind: 'array' }>): [OutlineNode, number][] => {
    let slot = 0;
    return array.children.map((child) => {
      while (slot < array.commas.length && (array.commas[slot] as number) < child.start) slot++;
      return [child, slot];
    });
  };
  if (root?.kind !== 'array') return out;
  for (const clause of root.children) {
    if (clause.kind !== 'array') {
      values(clause);
      continue;
    }
    for (const [part, partSlot] of slotted(clause)) {
      if (partSlot !== 0) {
        values(part);
        continue;
      }
      // The head: a field, or [operator, field].
      if (part.kind === 'scalar') push(part, fieldKind(part));
      else if (part.kind === 'array') {
        for (const [inner, slot] of slotted(part)) {
          if (inner.kind !== 'scalar') values(inner);
          else if (slot === 0 && typeof inner.value === 'string' && isOperator(inner.value)) push(inner, operatorKind(inner.value));
          else if (slot === 1) push(inner, fieldKind(inner));
          else values(inner);
        }
      }
    }
  }
  return out;
}
