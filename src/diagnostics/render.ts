import { LineIndex } from '../ast/index.js';
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
  const c = options.color ? styles : { red: plain, yellow: plain, cyan: plain, bold: plain, dim: plain, green: plain };
  const index = new LineIndex(source);
  const file = options.fileName ?? 'query';
  const blocks: string[] = [];
  for (const d of diagnostics) {
    const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.cyan('info');
    const lines = [`${sev}${c.dim(`[${d.code}]`)}: ${c.bold(d.message)}`];
    if (d.span) {
      const from = index.at(d.span.start);
      const to = index.at(Math.max(d.span.start, d.span.end));
      const gutter = String(to.line).length;
      const pad = ' '.repeat(gutter);
      lines.push(`${pad}${c.cyan('-->')} ${file}:${from.line}:${from.column}`);
      lines.push(`${pad} ${c.cyan('|')}`);
      for (let line = from.line; line <= to.line; line++) {
        const text = visible(index.lineText(line));
        const startCol = line === from.line ? from.column : 1;
        const endCol = line === to.line ? to.column : text.length + 1;
        const width = Math.max(1, endCol - startCol);
        lines.push(`${c.cyan(String(line).padStart(gutter))} ${c.cyan('|')} ${text}`);
        const mark = d.severity === 'error' ? c.red : c.yellow;
        lines.push(`${pad} ${c.cyan('|')} ${' '.repeat(startCol - 1)}${mark('^'.repeat(width))}`);
      }
    } else if (d.path !== undefined && d.path !== '') {
      lines.push(`  ${c.cyan('-->')} ${file} at ${d.path}`);
    }
    for (const r of d.related ?? []) {
      const where = r.span ? `${file}:${index.at(r.span.start).line}:${index.at(r.span.start).column}` : (r.path ?? '');
      lines.push(`   ${c.cyan('=')} note: ${r.message}${where ? ` (${where})` : ''}`);
    }
    for (const f of d.fixes ?? []) lines.push(`   ${c.cyan('=')} ${c.green('fix')}: ${f.title}`);
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}

/** Tabs would shift the caret; show them as one space each (same UTF-16 width). */
function visible(text: string): string {
  return text.replace(/\t/g, ' ');
}
