import { span, type Span } from '../ast/index.js';

/** The outcome of percent-decoding the `q` text once. */
export type PercentResult =
  | { readonly ok: true; readonly text: string; readonly mapOffset: (decodedOffset: number) => number }
  | { readonly ok: false; /** Each malformed escape (or broken UTF-8 sequence), in the original text. */ readonly problems: readonly Span[] };

const identity = (offset: number): number => offset;

/**
 * Percent-decodes `q` exactly once (`+` stays `+`). On success returns the decoded text and a
 * function from decoded offsets back to offsets in `q`; on failure every malformed escape.
 * The common cases are native: no `%` at all, or `decodeURIComponent` succeeding; the offset
 * table is only built when someone asks for an offset.
 */
export function percentDecode(q: string): PercentResult {
  if (q.indexOf('%') < 0) return { ok: true, text: q, mapOffset: identity };
  let text: string;
  try {
    text = decodeURIComponent(q);
  } catch {
    return { ok: false, problems: scanEscapes(q, undefined) };
  }
  let starts: number[] | undefined;
  const mapOffset = (offset: number): number => {
    if (!starts) {
      starts = [];
      scanEscapes(q, starts);
      starts.push(q.length);
    }
    const o = Math.max(0, Math.min(Math.trunc(offset) || 0, starts.length - 1));
    return starts[o] as number;
  };
  return { ok: true, text, mapOffset };
}

function hexAt(q: string, i: number): number {
  if (q.charCodeAt(i) !== 37 /* % */ || i + 2 >= q.length) return -1;
  const h = parseHexDigit(q.charCodeAt(i + 1));
  const l = parseHexDigit(q.charCodeAt(i + 2));
  return h < 0 || l < 0 ? -1 : h * 16 + l;
}

function parseHexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Valid ranges of the second byte after a UTF-8 lead byte (RFC 3629 table). */
function secondRange(lead: number): [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}

/**
 * Walks `q` as UTF-8 percent-encoding. Returns the malformed escapes; when `starts` is given,
 * also fills it with the original offset of every decoded UTF-16 code unit.
 */
function scanEscapes(q: string, starts: number[] | undefined): Span[] {
  const problems: Span[] = [];
  // Adjacent bad escapes (say the three bytes of an encoded surrogate) are one problem.
  const bad = (start: number, end: number): void => {
    const last = problems[problems.length - 1];
    if (last && last.end === start) problems[problems.length - 1] = span(last.start, end);
    else problems.push(span(start, end));
  };
  let i = 0;
  while (i < q.length) {
    if (q.charCodeAt(i) !== 37) {
      starts?.push(i);
      i++;
      continue;
    }
    const lead = hexAt(q, i);
    if (lead < 0) {
      // Cover the "%" and the (up to two) characters meant as hex digits, but not a next "%".
      let end = i + 1;
      while (end < i + 3 && end < q.length && q.charCodeAt(end) !== 37) end++;
      bad(i, end);
      i++;
      continue;
    }
    const need = lead < 0x80 ? 0 : lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : -1;
    if (need < 0) {
      bad(i, i + 3);
      i += 3;
      continue;
    }
    let j = i + 3;
    let got = 0;
    while (got < need) {
      const b = hexAt(q, j);
      const [lo, hi] = got === 0 ? secondRange(lead) : [0x80, 0xbf];
      if (b < lo || b > hi) break;
      got++;
      j += 3;
    }
    if (got < need) {
      bad(i, j);
      i = j;
      continue;
    }
    starts?.push(i);
    if (need === 3) starts?.push(i); // a code point above U+FFFF is two UTF-16 code units
    i = j;
  }
  return problems;
}
