import { readCatalogFile } from '../catalog-file.js';
import { eprintln, printJson, println, type CliContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { queryText, readQuery, renderQueryDiagnostics, summarize } from '../query-input.js';

/** Options of `catq lint`. */
interface LintOptions {
  readonly catalog?: string;
  readonly format?: 'text' | 'json';
}

/**
 * `catq lint [query]`: every diagnostic of the query against the catalog, rendered with the
 * source line, a caret and the fixes (or as JSON with `--format json`). Exit 1 on errors.
 */
export default async function lint(arg: string | undefined, options: LintOptions, ctx: CliContext): Promise<number> {
  const input = await queryText(arg);
  const { catalog, warnings } = await readCatalogFile(options.catalog, ctx.colorErr);
  eprintln(ctx, warnings);
  const r = await readQuery(input, catalog);
  const summary = summarize(r.diagnostics);
  if (options.format === 'json') {
    printJson(ctx, { syntax: r.syntax === 'infix' ? 'infix' : 'wire', diagnostics: r.diagnostics, summary });
  } else if (r.diagnostics.length === 0) {
    println(ctx, ctx.out.green('✓ no problems'));
  } else {
    println(ctx, renderQueryDiagnostics(r, ctx.colorOut));
    println(ctx, '\n' + summaryLine(summary, ctx));
  }
  return summary.errors > 0 ? EXIT.queryErrors : EXIT.ok;
}

function summaryLine(s: { errors: number; warnings: number; infos: number }, ctx: CliContext): string {
  const parts = [`${s.errors} ${s.errors === 1 ? 'error' : 'errors'}`, `${s.warnings} ${s.warnings === 1 ? 'warning' : 'warnings'}`];
  if (s.infos) parts.push(`${s.infos} info`);
  const text = parts.join(', ');
  return s.errors ? ctx.out.red(text) : ctx.out.yellow(text);
}
