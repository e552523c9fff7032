import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { hasErrors } from '../../diagnostics/index.js';
import { readListingParams, toListedItem, type ListedItem } from '../../listing/index.js';
import { readCatalogFile } from '../catalog-file.js';
import { eprintln, printJson, println, type CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { checkStdinUse, streamItems } from '../items-input.js';
import { isPointer, readPointer } from '../json-pointer.js';
import { queryText, readQuery, renderQueryDiagnostics, summarize, type QueryText } from '../query-input.js';
import { readJsonFile } from '../read-input.js';
import { loadEval, loadSyntax, loadWire } from '../stages.js';
import { StreamPage } from '../stream-page.js';

/** Options of `catq preflight`. */
interface PreflightOptions {
  readonly job?: string;
  readonly queryPath?: string;
  readonly catalog?: string;
  /** A file, or `false` for `--no-items`. */
  readonly items?: string | false;
  readonly maxShare?: string;
  readonly examples?: string;
  readonly skipBadLines?: boolean;
  readonly maxLineBytes?: number;
  readonly format?: 'text' | 'json';
}

/** The task whose query preflight checks. */
export const JOB_TASK = 'create-ads-from-product-query';

/** Why the job is or is not safe; `unsafe` ones decide the exit status. */
interface Finding {
  readonly kind: 'query-errors' | 'no-match' | 'all-match' | 'broad-match' | 'other-task' | 'other-catalog' | 'query-warnings';
  readonly unsafe: boolean;
  readonly message: string;
}

/**
 * `catq preflight`: checks the query a `create-ads-from-product-query` job would run, read from
 * the job JSON at `--query-path` (default `/Parameters/q`) or given directly. Shows every
 * diagnostic; with items, how many match and a few examples. Unsafe (exit 1): the query has
 * errors, nothing matches, or more than `--max-share` (default 0.5) of the items match.
 */
export default async function preflight(arg: string | undefined, options: PreflightOptions, ctx: CliContext): Promise<number> {
  const maxShare = Number(options.maxShare ?? '0.5');
  if (!(maxShare > 0 && maxShare <= 1)) throw new CliError(`--max-share must be a fraction above 0 and at most 1, but it is ${JSON.stringify(options.maxShare)}.`, { fix: 'for example --max-share 0.5 (half of the items).' });
  const exampleCount = Number(options.examples ?? '5');
  if (!Number.isInteger(exampleCount) || exampleCount < 0 || exampleCount > 1000) throw new CliError(`--examples must be a whole number from 0 to 1000, but it is ${JSON.stringify(options.examples)}.`, { fix: 'for example --examples 5.' });

  if (options.job === undefined) {
    checkStdinUse(arg, options.items);
    if (arg !== undefined && arg !== '-' && /\.json$/i.test(arg.trim()) && existsSync(arg)) {
      throw new CliError(`"${arg}" is a file, and preflight reads a query argument as query text.`, {
        fix: `to check the job in that file, pass it with --job: catq preflight --job ${arg}`,
      });
    }
  }
  const findings: Finding[] = [];
  let catalogId: unknown;
  const input = options.job !== undefined ? await queryFromJob(arg, options.job, options.queryPath ?? '/Parameters/q', findings, (id) => (catalogId = id)) : await queryText(arg);
  const { catalog, warnings } = await readCatalogFile(options.catalog, ctx.colorErr);
  eprintln(ctx, warnings);
  if (options.job !== undefined && catalogId !== undefined && catalogId !== catalog.Id) {
    // The query was checked against another catalog: the answer would be about the wrong items.
    findings.push({ kind: 'other-catalog', unsafe: true, message: `the job's CatalogId ${JSON.stringify(catalogId)} is not the Id of the catalog checked against (${catalog.Id}); pass that catalog with --catalog` });
  }
  const r = await readQuery(input, catalog);
  const summary = summarize(r.diagnostics);
  if (hasErrors(r.diagnostics)) findings.push({ kind: 'query-errors', unsafe: true, message: `the query has ${summary.errors} ${summary.errors === 1 ? 'error' : 'errors'}; the job would be rejected` });
  else if (summary.warnings) findings.push({ kind: 'query-warnings', unsafe: false, message: `the query has ${summary.warnings} ${summary.warnings === 1 ? 'warning' : 'warnings'}; read ${summary.warnings === 1 ? 'it' : 'them'} before submitting` });

  let items: { path: string; total: number; matches: number; share: number; examples: ListedItem[] } | undefined;
  if (r.query && options.items !== false) {
    const { compile } = await loadEval();
    const predicate = compile(r.query, catalog);
    const listing = readListingParams({ q: r.query, limit: Math.max(1, exampleCount) }).listing;
    const page = listing ? new StreamPage(listing, catalog) : undefined;
    let matches = 0;
    const s = await streamItems(
      typeof options.items === 'string' ? options.items : undefined,
      ctx,
      (item, line) => {
        if (predicate(item)) {
          matches++;
          page?.offer(item, line);
        }
      },
      { skipBadLines: options.skipBadLines ?? false, ...(options.maxLineBytes !== undefined ? { maxLineBytes: options.maxLineBytes } : {}), status: () => `| ${matches} matches` },
    );
    const examples = exampleCount === 0 ? [] : (page?.result().entries ?? []).flatMap((e) => toListedItem(e.item, catalog) ?? []);
    const share = s.items ? matches / s.items : 0;
    items = { path: s.path, total: s.items, matches, share, examples };
    if (matches === 0) findings.push({ kind: 'no-match', unsafe: true, message: `no item matches: the job would create no ads` });
    else if (matches === s.items && s.items > 1) findings.push({ kind: 'all-match', unsafe: true, message: `every item matches: the query does not narrow the catalog at all` });
    else if (share > maxShare) findings.push({ kind: 'broad-match', unsafe: true, message: `${percent(share)} of the items match, more than --max-share ${percent(maxShare)}: the query is suspiciously broad` });
  }
  const safe = !findings.some((f) => f.unsafe);

  if (options.format === 'json') {
    const wire = r.query ? await loadWire() : undefined;
    const syntax = r.query ? await loadSyntax() : undefined;
    printJson(ctx, {
      safe,
      source: input.name,
      query: r.query && wire && syntax ? { infix: syntax.format(r.query), wire: wire.toWire(r.query), uri: wire.encode(r.query) } : null,
      diagnostics: r.diagnostics,
      summary,
      items: items ?? null,
      findings,
    });
    return safe ? EXIT.ok : EXIT.unsafe;
  }

  const c = ctx.out;
  println(ctx, `${c.bold('preflight')} ${input.name}${options.job !== undefined ? ` (${JOB_TASK})` : ''}`);
  if (r.query) println(ctx, `query: ${r.query.clauses.length ? (await loadSyntax()).format(r.query) : c.dim('(empty: it matches every item)')}`);
  println(ctx, r.diagnostics.length ? '\n' + renderQueryDiagnostics(r, ctx.colorOut) + '\n' : c.green('✓ the query is valid for the catalog'));
  if (items) {
    println(ctx, `${items.matches} of ${items.total} items match (${percent(items.share)}) in ${displayPath(items.path)}`);
    for (const e of items.examples) println(ctx, `  ${String(e.Id).padEnd(8)} ${e.Name ?? ''}`);
    if (items.matches > items.examples.length && items.examples.length) println(ctx, c.dim(`  ... and ${items.matches - items.examples.length} more`));
  }
  for (const f of findings) println(ctx, `${f.unsafe ? c.red('✗') : c.yellow('!')} ${f.message}`);
  println(ctx, safe ? c.green(c.bold('✓ safe to submit')) : c.red(c.bold('✗ not safe to submit')));
  return safe ? EXIT.ok : EXIT.unsafe;
}

/** The query text at `pointer` in the job file (a string, or a wire array written as JSON). */
async function queryFromJob(arg: string | undefined, file: string, pointer: string, findings: Finding[], onCatalogId: (id: unknown) => void): Promise<QueryText> {
  if (arg !== undefined) throw new CliError('give the query either as an argument or with --job, not both.', { fix: 'drop the query argument to check the job, or drop --job to check the query.' });
  if (!isPointer(pointer)) throw new CliError(`--query-path ${JSON.stringify(pointer)} is not a JSON pointer.`, { fix: 'a JSON pointer starts with / and names keys from the top, for example /Parameters/q.' });
  const { value } = await readJsonFile(file, { what: 'job', option: '--job' });
  const at = readPointer(value, pointer);
  const name = `${file}#${pointer}`;
  if (!at.found) {
    throw new CliError(`the job file "${file}" has nothing at ${pointer}.`, {
      fix: `pass --query-path with the JSON pointer of the query${at.keys.length ? `; the keys at ${at.reached || '/'} are ${at.keys.slice(0, 12).join(', ')}` : ''}.`,
    });
  }
  const task = value !== null && typeof value === 'object' ? (value as Record<string, unknown>).Task : undefined;
  // Another task may use the query differently: what preflight checks would not be what runs.
  if (typeof task === 'string' && task !== JOB_TASK) findings.push({ kind: 'other-task', unsafe: true, message: `the job's Task is ${JSON.stringify(task)}, not ${JOB_TASK}: preflight checks the query of that task only` });
  const catalogId = readPointer(value, '/Parameters/CatalogId');
  if (catalogId.found) onCatalogId(catalogId.value);
  if (typeof at.value === 'string') {
    if (at.value.trim() === '') throw new CliError(`the query at ${name} is empty.`, { fix: `put the query there, or use "[]" for the query that matches every item.` });
    return { text: at.value, name };
  }
  if (Array.isArray(at.value)) return { text: JSON.stringify(at.value), name };
  throw new CliError(`the value at ${name} is not a query: it is ${at.value === null ? 'null' : typeof at.value}.`, {
    fix: 'a query is a string (infix or wire text) or a JSON array of clauses; check --query-path.',
  });
}

/** A path relative to the working directory when that is shorter (the sample's absolute path is long). */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel.length < path.length ? rel : path;
}

function percent(x: number): string {
  const p = x * 100;
  return `${p >= 10 || p === 0 ? p.toFixed(0) : p.toFixed(1)}%`;
}
