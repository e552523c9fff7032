/**
 * Decoding of the lexer's lenient literal tokens (strings, back-quoted fields, numbers), with
 * the problems found as data. The lexer accepts an unterminated string or a bad escape as one
 * token so that one mistake gives one diagnostic; the checks happen here.
 */
import type { Span } from '../ast/index.js';

/** One problem inside a literal. */
export type LiteralProblem =
  | { readonly code: 'syntax/unterminated-string'; readonly span: Span }
  | { readonly code: 'syntax/unterminated-field'; readonly span: Span }
  | { readonly code: 'syntax/invalid-escape'; readonly span: Span; readonly escape: string }
  | { readonly code: 'syntax/control-character'; readonly span: Span; readonly char: string }
  | { readonly code: 'syntax/invalid-number'; readonly span: Span; readonly text: string };

/** A decoded literal and its problems. */
export interface Decoded<T> {
  readonly value: T;
  readonly problems: LiteralProblem[];
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * Decodes a double- or single-quoted string token starting at `offset`. JSON escapes in both;
 * `\'` in single-quoted strings too. Raw control characters are reported, as in JSON.
 */
export function decodeString(image: string, offset: number): Decoded<string> {
  const quote = image[0] as string;
  const problems: LiteralProblem[] = [];
  let out = '';
  let i = 1;
  let closed = false;
  while (i < image.length) {
    const ch = image[i] as string;
    if (ch === quote) {
      closed = true;
      i++;
      break;
    }
    if (ch === '\\') {
      const e = image[i + 1];
      if (e !== undefined && e in SIMPLE_ESCAPES) {
        out += SIMPLE_ESCAPES[e];
        i += 2;
      } else if (e === "'" && quote === "'") {
        out += "'";
        i += 2;
      } else if (e === 'u' && HEX4.test(image.slice(i + 2, i + 6))) {
        out += String.fromCharCode(parseInt(image.slice(i + 2, i + 6), 16));
        i += 6;
      } else {
        const len = e === undefined ? 1 : e === 'u' ? Math.min(2 + (image.slice(i + 2).match(/^[0-9a-fA-F]{0,3}/)?.[0].length ?? 0), image.length - i) : 2;
        problems.push({ code: 'syntax/invalid-escape', span: { start: offset + i, end: offset + i + len }, escape: image.slice(i, i + len) });
        out += image.slice(i + 1, i + len);
        i += len;
      }
      continue;
    }
    const c = ch.charCodeAt(0);
    if (c < 0x20) problems.push({ code: 'syntax/control-character', span: { start: offset + i, end: offset + i + 1 }, char: ch });
    out += ch;
    i++;
  }
  if (!closed) problems.push({ code: 'syntax/unterminated-string', span: { start: offset, end: offset + image.length } });
  return { value: out, problems };
}

/** Decodes a back-quoted field token (doubled back-quote = one back-quote). */
export function decodeQuotedField(image: string, offset: number): Decoded<string> {
  let out = '';
  let i = 1;
  while (i < image.length) {
    const ch = image[i] as string;
    if (ch === '`') {
      if (image[i + 1] === '`') {
        out += '`';
        i += 2;
        continue;
      }
      return { value: out, problems: [] };
    }
    out += ch;
    i++;
  }
  return { value: out, problems: [{ code: 'syntax/unterminated-field', span: { start: offset, end: offset + image.length } }] };
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Decodes a number token: JSON number syntax, finite as a double. `undefined` when unusable. */
export function decodeNumber(image: string, offset: number): Decoded<number | undefined> {
  const n = Number(image);
  if (JSON_NUMBER.test(image) && Number.isFinite(n)) return { value: n, problems: [] };
  return {
    value: Number.isFinite(n) ? n : undefined,
    problems: [{ code: 'syntax/invalid-number', span: { start: offset, end: offset + image.length }, text: image }],
  };
}
