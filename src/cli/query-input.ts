import type { Query } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import { hasErrors, renderDiagnostics, type Diagnostic } from '../diagnostics/index.js';
import { readCatalogFile } from './catalog-file.js';
import { eprintln, printJson, type CliContext } from './context.js';
import { CliError, EXIT } from './exit-codes.js';
import { readStdin } from './read-input.js';
import { loadSyntax, loadWire } from './stages.js';

/** Where the query text came from, for messages (`query`, `<stdin>`, `job.json#/Parameters/q`). */
export interface QueryText {
  readonly text: string;
  readonly name: string;
}

/**
 * The query text: the argument when given (and not `-`), otherwise standard input. No query at
 * all, a blank argument or an empty standard input is a usage error (exit 2) that says how to
 * give one.
 */
export async function queryText(arg: string | undefined): Promise<QueryText> {
  if (arg !== undefined && arg !== '-') {
    if (arg.trim() === '') {
      throw new CliError('the query argument is empty.', { fix: `write a query, for example: catq lint 'price < 20', or '[]' for the query that matches every item.` });
    }
    return { text: arg, name: 'query' };
  }
  if (arg === undefined && process.stdin.isTTY) {
    throw new CliError('no query given.', { fix: `pass the query as an argument (catq lint 'price < 20') or pipe it on standard input (echo 'price < 20' | catq lint).` });
  }
  const text = await readStdin();
  if (text.trim() === '') {
    throw new CliError('standard input is empty: there is no query to read.', {
      fix: `pipe a query (echo 'price < 20' | catq lint), or pass it as an argument.`,
    });
  }
  return { text: text.replace(/\r?\n$/, ''), name: '<stdin>' };
}

/** A query read from text: the query when there is no error, every diagnostic, and what the spans point into. */
export interface ReadQuery {
  readonly query?: Query;
  readonly diagnostics: readonly Diagnostic[];
  readonly syntax: 'infix' | 'wire';
  /** The text the diagnostics' spans point into (the decoded JSON for the wire path). */
  readonly source: string;
  readonly name: string;
}

/**
 * Reads a query; the syntax (infix or wire) is detected by the syntax stage's `detectSyntax`.
 * With a catalog, the syntax stage's `lint` reads and validates it (every diagnostic at once,
 * ranges in the input text as given, also when it is percent-encoded). Without one, infix text
 * is parsed and wire text decoded. Wire text never loads the infix parser (Chevrotain).
 */
export async function readQuery(input: QueryText, catalog: Catalog | undefined): Promise<ReadQuery> {
  const stage = await loadSyntax();
  const syntax = stage.detectSyntax(input.text);
  if (catalog || syntax === 'infix') {
    const r = catalog ? stage.lint(input.text, catalog) : stage.parse(input.text);
    return done(r.query, r.diagnostics, syntax, input.text, input.name);
  }
  const decoded = (await loadWire()).decode(input.text);
  // The spans point into the decoded JSON text, which differs from the input when it was percent-encoded.
  const source = decoded.text ?? input.text;
  const name = source === input.text ? input.name : `${input.name} (decoded)`;
  return done(decoded.query, decoded.diagnostics, syntax, source, name);
}

function done(q: Query | undefined, diagnostics: readonly Diagnostic[], syntax: 'infix' | 'wire', source: string, name: string): ReadQuery {
  const ok = q !== undefined && !hasErrors(diagnostics);
  return ok ? { query: q, diagnostics, syntax, source, name } : { diagnostics, syntax, source, name };
}

/** Renders a query's diagnostics for a person (source line, caret, fix). */
export function renderQueryDiagnostics(r: ReadQuery, color: boolean): string {
  return renderDiagnostics(r.diagnostics, r.source, { color, fileName: r.name });
}

/** Counts by severity, for summaries and `--format json`. */
export function summarize(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number; infos: number } {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
    else infos++;
  }
  return { errors, warnings, infos };
}

/**
 * The common start of the commands that need a valid query and a catalog (compile, run,
 * explain): read the query text and the catalog file, print their warnings and diagnostics on
 * standard error, and give back both, or the exit status when the query has errors.
 */
export async function readCheckedQuery(
  arg: string | undefined,
  catalogFile: string | undefined,
  ctx: CliContext,
  json = false,
): Promise<{ readonly query: Query; readonly catalog: Catalog } | { readonly exit: number }> {
  const input = await queryText(arg);
  const { catalog, warnings } = await readCatalogFile(catalogFile, ctx.colorErr);
  eprintln(ctx, warnings);
  const r = await readQuery(input, catalog);
  if (json && !r.query) {
    // `--format json`: the diagnostics go to standard output as lint's JSON, not as text on stderr.
    printJson(ctx, { syntax: r.syntax, diagnostics: r.diagnostics, summary: summarize(r.diagnostics) });
    return { exit: EXIT.queryErrors };
  }
  if (r.diagnostics.length) eprintln(ctx, renderQueryDiagnostics(r, ctx.colorErr));
  return r.query ? { query: r.query, catalog } : { exit: EXIT.queryErrors };
}
