import type { Query } from '../../ast/index.js';
import { buildPage, readListingParams, toListedItem, type Listing } from '../../listing/index.js';
import { eprintln, printJson, type CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { checkStdinUse, defaultItems, queryFromStdin, streamItems } from '../items-input.js';
import { OutputBuffer } from '../output-buffer.js';
import { readCheckedQuery } from '../query-input.js';
import { loadEval } from '../stages.js';
import { StreamPage } from '../stream-page.js';
import { shellWord } from '../shell-word.js';
import { terminalText } from '../terminal-text.js';

/** Options of `catq run`. */
interface RunOptions {
  readonly catalog?: string;
  readonly items?: string;
  readonly output?: 'listed' | 'raw' | 'page';
  readonly limit?: string;
  readonly boundaryId?: string;
  readonly comparison?: string;
  readonly skipBadLines?: boolean;
  readonly maxLineBytes?: number;
  readonly progress?: boolean;
}

/**
 * `catq run [query]`: streams the items through the compiled predicate and prints the matches as
 * NDJSON. Without cursor options every match is printed in file order, in O(1) memory. With
 * `--limit`, `--boundary-id` or `--comparison` (or `--output page`) it lists one page as List
 * Catalog Items does (id order, limit default 100), keeping only `limit` items in memory.
 */
export default async function run(arg: string | undefined, options: RunOptions, ctx: CliContext): Promise<number> {
  checkStdinUse(arg, options.items);
  const items = options.items ?? defaultItems(queryFromStdin(arg));
  const read = await readCheckedQuery(arg, options.catalog, ctx);
  if ('exit' in read) return read.exit;
  const { query, catalog } = read;
  const { compile } = await loadEval();
  const predicate = compile(query, catalog);
  const output = options.output ?? 'raw';
  const paging = options.limit !== undefined || options.boundaryId !== undefined || options.comparison !== undefined || output === 'page';
  const out = new OutputBuffer(ctx.stdout);
  let matches = 0;

  if (!paging) {
    let unlisted = 0;
    const summary = await streamItems(
      items,
      ctx,
      output === 'raw'
        ? (item, line) => {
            if (predicate(item)) {
              matches++;
              out.line(line);
            }
          }
        : (item) => {
            if (predicate(item)) {
              matches++;
              const listed = toListedItem(item, catalog);
              if (listed) out.line(JSON.stringify(listed));
              else unlisted++;
            }
          },
      progressOptions(options, out, () => `| ${matches} matches`),
    );
    await out.flush();
    if (unlisted) eprintln(ctx, `${ctx.err.yellow('catq: warning:')} ${unlisted} matching ${unlisted === 1 ? 'item has' : 'items have'} no id (key ${terminalText(JSON.stringify(catalog.Aliases.Id))}) and cannot be listed; use --output raw to see them.`);
    if (ctx.stderr.isTTY) eprintln(ctx, ctx.err.dim(`${matches} of ${summary.items} items match.`));
    return EXIT.ok;
  }

  const listing = readListing(query, options);
  const page = new StreamPage(listing, catalog);
  await streamItems(
    items,
    ctx,
    (item, line) => {
      if (predicate(item)) {
        matches++;
        page.offer(item, line);
      }
    },
    progressOptions(options, undefined, () => `| ${matches} matches`),
  );
  const { entries, sides } = page.result();
  const response = buildPage(listing, entries.map((e) => e.item), sides, catalog);
  if (output === 'page') {
    printJson(ctx, response);
    return EXIT.ok;
  }
  if (output === 'raw') for (const e of entries) out.line(e.line);
  else for (const listed of response.Items) out.line(JSON.stringify(listed));
  await out.flush();
  // The ids are the items' own text: shellWord writes them safe to print and to paste back.
  const hints: string[] = [];
  if (response.PrevQuery) hints.push(`previous page: --boundary-id ${shellWord(String(response.PrevQuery['boundary-id']))} --comparison '${response.PrevQuery.comparison ?? '>'}'`);
  if (response.NextQuery) hints.push(`next page: --boundary-id ${shellWord(String(response.NextQuery['boundary-id']))}`);
  if (hints.length) eprintln(ctx, ctx.err.dim(hints.join('\n')));
  return EXIT.ok;
}

const CURSOR_FIXES: Readonly<Record<string, string>> = {
  '--limit': '--limit takes a whole number from 1 to 1000',
  '--boundary-id': "--boundary-id takes an item id as a page hint writes it (102144, or '\"102144\"' for the string)",
  '--comparison': '--comparison (>, >=, <, <=) needs --boundary-id',
};

/** The listing parameters from the options, read as the interface reads them from a URL. */
function readListing(query: Query, options: RunOptions): Listing {
  const params: Record<string, unknown> = { q: query };
  if (options.limit !== undefined) params.limit = options.limit;
  if (options.boundaryId !== undefined) params['boundary-id'] = options.boundaryId;
  if (options.comparison !== undefined) params.comparison = options.comparison;
  const { listing, diagnostics } = readListingParams(params, { numericStrings: true });
  if (!listing) {
    const option = (path: string | undefined) => '--' + (path ?? '').replace(/^\//, '');
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const problems = errors.map((d) => `${option(d.path)}: ${d.message}`);
    // The fix of each option at fault, not one sentence for all of them.
    const fixes = [...new Set(errors.map((d) => CURSOR_FIXES[option(d.path)] ?? CURSOR_FIXES['--limit']))];
    throw new CliError(`bad cursor option${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`, { fix: fixes.join('; ') + '.' });
  }
  return listing;
}

function progressOptions(options: RunOptions, out: OutputBuffer | undefined, status: () => string) {
  return {
    skipBadLines: options.skipBadLines ?? false,
    ...(options.maxLineBytes !== undefined ? { maxLineBytes: options.maxLineBytes } : {}),
    progress: options.progress !== false,
    status,
    ...(out ? { afterChunk: () => out.maybeFlush() } : {}),
  };
}
