import { argumentError, throwBadArgument } from './arguments.js';
import { isArraySafe } from './diagnostic-of.js';
import { LineIndex } from './line-index.js';
import type { Diagnostic } from './model.js';

/** Options of {@link renderDiagnostics}. */
export interface RenderOptions {
  /** Colour the output with ANSI escapes (default: no colour). */
  readonly color?: boolean;
  /** The name shown in `--> name:line:column` (default `query`). */
  readonly fileName?: string;
}

const ansi = (code: string) => (s: string) => `\u001b[${code}m${s}\u001b[0m`;
const styles = { red: ansi('31'), yellow: ansi('33'), cyan: ansi('36'), bold: ansi('1'), dim: ansi('2'), green: ansi('32') };
const plain = (s: string) => s;

/**
 * Renders diagnostics the way a person reads them: severity and code, message, the source line
 * with a caret under the range, related places and the quick fixes.
 *
 * ```text
 * error[schema/type-mismatch]: "price" needs a number here (it is a Number attribute), but the value is the string "20".
 *   --> query:1:9
 *    |
 *  1 | price < "20"
 *    |         ^^^^
 *    = fix: Replace "20" with 20
 * ```
 */
export function renderDiagnostics(diagnostics: readonly Diagnostic[], source: string, options: RenderOptions = {}): string {
  try {
    if (!isArraySafe(diagnostics)) throwBadArgument('renderDiagnostics', 'diagnostics', 'an array of diagnostics', diagnostics, 'Pass the diagnostics returned by decode, validate, parse or lint.');
    if (typeof source !== 'string') throwBadArgument('renderDiagnostics', 'source', 'a string (the text the spans point into)', source, 'Pass the query text.');
    if (options === null || typeof options !== 'object') throwBadArgument('renderDiagnostics', 'options', 'an object such as { color: true, fileName: "query" }', options, 'Leave it out for the defaults.');
    const c = options.color ? styles : { red: plain, yellow: plain, cyan: plain, bold: plain, dim: plain, green: plain };
    const index = new LineIndex(source);
    const file = visible(options.fileName ?? 'query');
    const blocks: string[] = [];
    for (const d of diagnostics) {
      const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.cyan('info');
      const lines = [`${sev}${c.dim(`[${visible(d.code)}]`)}: ${c.bold(visible(d.message))}`];
      if (d.span) {
        const from = index.at(d.span.start);
        let to = index.at(Math.max(d.span.start, d.span.end));
        // A range that ends just after a line break ends on the line before, not at column 1 of
        // the next line (which would draw a stray caret there).
        if (to.line > from.line && to.column === 1) to = { line: to.line - 1, column: index.lineText(to.line - 1).length + 1 };
        const gutter = String(to.line).length;
        const pad = ' '.repeat(gutter);
        lines.push(`${pad}${c.cyan('-->')} ${file}:${from.line}:${from.column}`);
        lines.push(`${pad} ${c.cyan('|')}`);
        for (let line = from.line; line <= to.line; line++) {
          const raw = visible(index.lineText(line));
          const startCol = line === from.line ? from.column : 1;
          const endCol = line === to.line ? to.column : raw.length + 1;
          // A long line (a minified catalog, a 3 MB q) is shown as a window around the span.
          const [ws, we] = lineWindow(raw, startCol - 1, endCol - 1);
          const s = Math.min(Math.max(startCol - 1, ws), we);
          const e = Math.min(Math.max(endCol - 1, s), we);
          const lead = ws > 0 ? ELLIPSIS : '';
          // Columns are UTF-16 offsets; the caret goes by display width (an emoji takes two
          // cells, a character outside the BMP is one character, a combining mark none).
          const before = displayWidth(lead + raw.slice(ws, s));
          const width = Math.max(1, displayWidth(raw.slice(s, e)));
          lines.push(`${c.cyan(String(line).padStart(gutter))} ${c.cyan('|')} ${lead}${raw.slice(ws, we)}${we < raw.length ? ELLIPSIS : ''}`);
          const mark = d.severity === 'error' ? c.red : c.yellow;
          lines.push(`${pad} ${c.cyan('|')} ${' '.repeat(before)}${mark('^'.repeat(width))}`);
        }
      } else if (d.path !== undefined && d.path !== '') {
        lines.push(`  ${c.cyan('-->')} ${file} at ${visible(d.path)}`);
      }
      for (const r of d.related ?? []) {
        const where = r.span ? `${file}:${index.at(r.span.start).line}:${index.at(r.span.start).column}` : visible(r.path ?? '');
        lines.push(`   ${c.cyan('=')} note: ${visible(r.message)}${where ? ` (${where})` : ''}`);
      }
      for (const f of d.fixes ?? []) lines.push(`   ${c.cyan('=')} ${c.green('fix')}: ${visible(f.title)}`);
      blocks.push(lines.join('\n'));
    }
    return blocks.join('\n\n');
  } catch (e) {
    throw argumentError('renderDiagnostics', e);
  }
}

/**
 * Tabs would shift the caret; show them as one space each. Other control characters likewise,
 * C1 controls (U+009B is an 8-bit CSI to some terminals) and bidirectional controls (U+202E
 * would reorder the line) included: one character each, so columns stay put. Messages, notes and
 * fix titles quote the query's own text (a field name), so they are shown the same way.
 */
function visible(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\t\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ');
}

/** The longest part of a line shown (UTF-16 code units); more is cut, marked with {@link ELLIPSIS}. */
export const MAX_SHOWN_COLUMNS = 100;
const ELLIPSIS = '…';

/**
 * The part `[start, end)` of a line to show for a span `[s, e)`: the whole line when it is short,
 * else {@link MAX_SHOWN_COLUMNS} code units starting a little before the span (a span longer than
 * the window shows its start). Never cuts a surrogate pair.
 */
function lineWindow(line: string, s: number, e: number): [number, number] {
  if (line.length <= MAX_SHOWN_COLUMNS) return [0, line.length];
  const context = Math.max(10, Math.floor((MAX_SHOWN_COLUMNS - (e - s)) / 2));
  let start = Math.max(0, Math.min(s - context, line.length - MAX_SHOWN_COLUMNS));
  let end = Math.min(line.length, start + MAX_SHOWN_COLUMNS);
  if (start > 0 && isLowSurrogate(line.charCodeAt(start))) start++;
  if (end < line.length && isLowSurrogate(line.charCodeAt(end))) end--;
  return [start, end];
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

const ZERO_WIDTH = /^[\p{M}\u200b-\u200f\ufe00-\ufe0f]$/u;
const WIDE = /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{1f680}-\u{1f6ff}\u{20000}-\u{3fffd}]$/u;

/**
 * How many terminal cells `text` takes, roughly as wcwidth does: one per code point, two for
 * East Asian wide characters and emoji, none for combining marks and variation selectors.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ZERO_WIDTH.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
  return width;
}
