import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { Query } from '../../ast/index.js';
import type { Catalog } from '../../catalog/index.js';
import { describeValue, hasErrors } from '../../diagnostics/index.js';
import { readListingParams, toListedItem } from '../../listing/index.js';
import { readCatalogFile } from '../catalog-file.js';
import { eprintln, printJson, println, type CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { checkStdinUse, defaultItems, queryFromStdin, streamItems } from '../items-input.js';
import { itemsName } from '../ndjson.js';
import { isPointer, readPointer } from '../json-pointer.js';
import { queryText, readQuery, renderQueryDiagnostics, summarize, type QueryText } from '../query-input.js';
import { flagGiven } from '../raw-flags.js';
import { readJsonFile } from '../read-input.js';
import { countFindings, countsLine, type Finding, type ItemCounts } from '../preflight-verdict.js';
import { serviceCounts } from '../preflight-service.js';
import { catalogIdOption, checkCatalogFileOption, fetchCatalog, openService, type Service, type ServiceOptions } from '../service.js';
import { loadEval, loadSyntax, loadWire } from '../stages.js';
import { StreamPage } from '../stream-page.js';
import { terminalText } from '../terminal-text.js';

/** Options of `catq preflight`. */
interface PreflightOptions extends ServiceOptions {
  readonly job?: string;
  readonly queryPath?: string;
  /** A catalog file; with `--service`, the id of a catalog of the service. */
  readonly catalog?: string;
  /** A file, or `false` for `--no-items`. */
  readonly items?: string | false;
  readonly maxShare?: string;
  readonly examples?: string;
  readonly maxItems?: string;
  readonly skipBadLines?: boolean;
  readonly maxLineBytes?: number;
  readonly progress?: boolean;
  readonly format?: 'text' | 'json';
}

/** The task whose query preflight checks. */
export const JOB_TASK = 'create-ads-from-product-query';

/** What the job file says besides the query. */
interface JobFacts {
  catalogId?: unknown;
}

/**
 * `catq preflight`: checks the query a `create-ads-from-product-query` job would run, read from
 * the job JSON at `--query-path` (default `/Parameters/q`) or given directly. Shows every
 * diagnostic; with items, how many match and a few examples. Unsafe (exit 1): the query has
 * errors, nothing matches, or more than `--max-share` (default 0.5) of the items match. With
 * `--service`, the catalog and the items are those of the live service (exit 4 or 5 when it fails).
 */
export default async function preflight(arg: string | undefined, options: PreflightOptions, ctx: CliContext): Promise<number> {
  // Decimal numbers only: Number() would also take '' (0), ' 5' and '0x10' in silence.
  const maxShare = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(options.maxShare ?? '0.5') ? Number(options.maxShare ?? '0.5') : NaN;
  if (!(maxShare > 0 && maxShare <= 1)) throw new CliError(`--max-share must be a fraction above 0 and at most 1, but it is ${JSON.stringify(options.maxShare)}.`, { fix: 'for example --max-share 0.5 (half of the items).' });
  const exampleCount = /^\d{1,4}$/.test(options.examples ?? '5') ? Number(options.examples ?? '5') : NaN;
  if (!Number.isInteger(exampleCount) || exampleCount < 0 || exampleCount > 1000) throw new CliError(`--examples must be a whole number from 0 to 1000, but it is ${JSON.stringify(options.examples)}.`, { fix: 'for example --examples 5.' });
  const noItems = flagGiven('--no-items');
  const itemsFlag = flagGiven('--items', '-i');
  if (noItems && itemsFlag) {
    // commander lets the last of the two win: opposite verdicts by their order.
    throw new CliError(`--no-items and ${itemsFlag} cannot be used together.`, { fix: `drop --no-items to count the items of the file, or drop ${itemsFlag} to check the query only.` });
  }
  if (options.job === undefined && flagGiven('--query-path', '-p')) {
    throw new CliError('--query-path applies to --job only (it says where the query is in the job).', { fix: 'add --job FILE, or drop --query-path.' });
  }
  const live = options.service !== undefined;
  const maxItems = readMaxItems(options.maxItems, live);
  if (live && typeof options.items === 'string') {
    throw new CliError('--items and --service cannot be used together: with --service the items are those of the service.', { fix: 'drop --items to count the live items, or drop --service to count the items of the file.' });
  }
  if (!live && (options.apiKeyFile !== undefined || options.apiKey !== undefined)) {
    throw new CliError('an API key is only used with --service.', { fix: 'add --service URL to check the job against the live service, or drop the key option.' });
  }

  if (options.job === undefined) {
    checkStdinUse(arg, options.items);
    if (arg !== undefined && arg !== '-' && /\.json$/i.test(arg.trim()) && existsSync(arg)) {
      throw new CliError(`"${arg}" is a file, and preflight reads a query argument as query text.`, {
        fix: `to check the job in that file, pass it with --job: catq preflight --job ${arg}`,
      });
    }
  }
  const findings: Finding[] = [];
  const job: JobFacts = {};
  const input = options.job !== undefined ? await queryFromJob(arg, options.job, options.queryPath ?? '/Parameters/q', findings, job) : await queryText(arg);
  const source = live ? await liveCatalog(options, job) : await fileCatalog(options, ctx);
  if (options.job !== undefined && job.catalogId !== undefined && job.catalogId !== source.catalog.Id) {
    // The query was checked against another catalog: the answer would be about the wrong items.
    findings.push({ kind: 'other-catalog', unsafe: true, message: `the job's CatalogId ${JSON.stringify(job.catalogId)} is not the Id of the catalog checked against (${source.catalog.Id}); pass that catalog with --catalog` });
  }
  const { catalog } = source;
  const r = await readQuery(input, catalog);
  const summary = summarize(r.diagnostics);
  if (hasErrors(r.diagnostics)) findings.push({ kind: 'query-errors', unsafe: true, message: `the query has ${summary.errors} ${summary.errors === 1 ? 'error' : 'errors'}; the job would be rejected` });
  else if (summary.warnings) findings.push({ kind: 'query-warnings', unsafe: false, message: `the query has ${summary.warnings} ${summary.warnings === 1 ? 'warning' : 'warnings'}; read ${summary.warnings === 1 ? 'it' : 'them'} before submitting` });

  let items: ItemCounts | undefined;
  if (r.query && options.items !== false) {
    items =
      source.service !== undefined
        ? await serviceCounts(source.service, catalog.Id, r.query, { maxItems, examples: exampleCount, progress: options.progress !== false }, ctx)
        : await fileCounts(r.query, catalog, options, options.job === undefined && queryFromStdin(arg), exampleCount, ctx);
    findings.push(...countFindings(items, maxShare, maxItems));
  }
  const safe = !findings.some((f) => f.unsafe);

  if (options.format === 'json') {
    const wire = r.query ? await loadWire() : undefined;
    const syntax = r.query ? await loadSyntax() : undefined;
    printJson(ctx, {
      safe,
      source: input.name,
      ...(source.service !== undefined ? { service: { url: source.service.url, catalogId: catalog.Id } } : {}),
      query: r.query && wire && syntax ? { infix: syntax.format(r.query), wire: wire.toWire(r.query), uri: wire.encode(r.query) } : null,
      diagnostics: r.diagnostics,
      summary,
      items: items ?? null,
      findings,
    });
    return safe ? EXIT.ok : EXIT.unsafe;
  }

  const c = ctx.out;
  // The report quotes the job's, the catalog's and the items' own text: terminalText keeps
  // control characters in them from reaching the terminal as they are.
  println(ctx, `${c.bold('preflight')} ${terminalText(input.name)}${options.job !== undefined ? ` (${JOB_TASK})` : ''}`);
  if (source.service !== undefined) println(ctx, `catalog: ${catalog.Id} ${terminalText(JSON.stringify(catalog.Name))} at ${terminalText(source.service.url)}`);
  if (r.query) println(ctx, `query: ${r.query.clauses.length ? terminalText((await loadSyntax()).format(r.query)) : c.dim('(empty: it matches every item)')}`);
  println(ctx, r.diagnostics.length ? '\n' + renderQueryDiagnostics(r, ctx.colorOut) + '\n' : c.green('✓ the query is valid for the catalog'));
  if (items) {
    println(ctx, `${countsLine(items)} in ${terminalText(displayPath(items.path))}`);
    if (items.matchesIsLowerBound || items.totalIsLowerBound) println(ctx, c.dim(`  (counted up to --max-items ${maxItems}: "at least" marks a count that stopped there)`));
    for (const e of items.examples) println(ctx, `  ${terminalText(String(e.Id)).padEnd(8)} ${terminalText('Name' in e ? (e.Name ?? '') : '')}`);
    if (items.matches > items.examples.length && items.examples.length) println(ctx, c.dim(`  ... and ${items.matchesIsLowerBound ? 'at least ' : ''}${items.matches - items.examples.length} more`));
  }
  for (const f of findings) println(ctx, `${f.unsafe ? c.red('✗') : c.yellow('!')} ${terminalText(f.message)}`);
  println(ctx, safe ? c.green(c.bold('✓ safe to submit')) : c.red(c.bold('✗ not safe to submit')));
  return safe ? EXIT.ok : EXIT.unsafe;
}

/** Where the catalog came from: a file, or a live service (whose items are then counted there). */
interface CatalogSource {
  readonly catalog: Catalog;
  readonly service?: Service;
}

async function fileCatalog(options: PreflightOptions, ctx: CliContext): Promise<CatalogSource> {
  checkCatalogFileOption(options.catalog);
  const { catalog, warnings } = await readCatalogFile(options.catalog, ctx.colorErr);
  eprintln(ctx, warnings);
  return { catalog };
}

/**
 * The catalog of the live service: the one `--catalog ID` names, else the job's
 * `Parameters.CatalogId` (read with Get Catalog).
 */
async function liveCatalog(options: PreflightOptions, job: JobFacts): Promise<CatalogSource> {
  let catalogId: number;
  if (options.catalog !== undefined) catalogId = catalogIdOption(options.catalog);
  else if (typeof job.catalogId === 'number' && Number.isSafeInteger(job.catalogId) && job.catalogId >= 100) catalogId = job.catalogId;
  else if (job.catalogId !== undefined) {
    throw new CliError(`the job's Parameters.CatalogId ${JSON.stringify(job.catalogId)} is not a catalog id (a whole number from 100).`, { fix: 'correct the job, or name the catalog with --catalog ID.' });
  } else {
    throw new CliError('--service needs the id of the catalog to check against, and none is given.', { fix: 'pass --catalog ID, or a --job whose Parameters.CatalogId names the catalog.' });
  }
  const service = await openService(options);
  const catalog = await fetchCatalog(service, catalogId);
  const { loadCatalog } = await import('../../catalog/index.js');
  const loaded = loadCatalog(catalog);
  if (!loaded.catalog || hasErrors(loaded.diagnostics)) {
    const first = loaded.diagnostics.find((d) => d.severity === 'error');
    throw new CliError(`the service at ${service.url} sent catalog ${catalogId}, but it is not a valid catalog${first ? ` (${first.path ?? ''}: ${first.message})` : ''}.`, {
      exitCode: EXIT.serviceRefused,
      fix: 'tell the operator of the service; catq cannot check a query against this catalog.',
    });
  }
  return { catalog: loaded.catalog, service };
}

/** Counts the items of the file (`--items`; by default piped items, else the sample) that match. */
async function fileCounts(query: Query, catalog: Catalog, options: PreflightOptions, stdinCarriesQuery: boolean, exampleCount: number, ctx: CliContext): Promise<ItemCounts> {
  const { compile } = await loadEval();
  const predicate = compile(query, catalog);
  const listing = readListingParams({ q: query, limit: Math.max(1, exampleCount) }).listing;
  const page = listing ? new StreamPage(listing, catalog) : undefined;
  let matches = 0;
  const s = await streamItems(
    typeof options.items === 'string' ? options.items : defaultItems(stdinCarriesQuery),
    ctx,
    (item, line) => {
      if (predicate(item)) {
        matches++;
        page?.offer(item, line);
      }
    },
    {
      skipBadLines: options.skipBadLines ?? false,
      progress: options.progress !== false,
      ...(options.maxLineBytes !== undefined ? { maxLineBytes: options.maxLineBytes } : {}),
      status: () => `| ${matches} matches`,
    },
  );
  const examples = exampleCount === 0 ? [] : (page?.result().entries ?? []).flatMap((e) => toListedItem(e.item, catalog) ?? []);
  return { path: s.path, total: s.items, matches, share: s.items ? matches / s.items : 0, examples, totalIsLowerBound: false, matchesIsLowerBound: false };
}

/** `--max-items`: a whole number ≥ 1, only with `--service`. */
function readMaxItems(text: string | undefined, live: boolean): number | undefined {
  if (text === undefined) return undefined;
  if (!live) throw new CliError('--max-items applies to --service only (a file is always read whole).', { fix: 'add --service URL, or drop --max-items.' });
  if (!/^[1-9][0-9]{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new CliError(`--max-items must be a whole number from 1, but it is ${JSON.stringify(text)}.`, { fix: 'for example --max-items 100000.' });
  return Number(text);
}

/** The query text at `pointer` in the job file (a string, or a wire array written as JSON). */
async function queryFromJob(arg: string | undefined, file: string, pointer: string, findings: Finding[], job: JobFacts): Promise<QueryText> {
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
  if (catalogId.found) job.catalogId = catalogId.value;
  if (typeof at.value === 'string') {
    if (at.value.trim() === '') throw new CliError(`the query at ${name} is empty.`, { fix: `put the query there, or use "[]" for the query that matches every item.` });
    return { text: at.value, name };
  }
  if (Array.isArray(at.value)) return { text: JSON.stringify(at.value), name };
  throw new CliError(`the value at ${name} is not a query: it is ${describeValue(at.value)}.`, {
    fix: 'a query is a string (infix or wire text) or a JSON array of clauses; check --query-path.',
  });
}

/** A path relative to the working directory when that is shorter (the sample's absolute path is long). */
function displayPath(path: string): string {
  if (path === '-') return itemsName(path);
  if (/^https?:\/\//.test(path)) return path;
  const rel = relative(process.cwd(), path);
  return rel.length < path.length ? rel : path;
}
