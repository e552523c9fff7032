import type { ClauseExplanation } from '../../eval/index.js';
import { idFromText, idToText, itemId, toListedItem } from '../../listing/index.js';
import { printJson, println, type CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { checkStdinUse, defaultItems, queryFromStdin, streamItems } from '../items-input.js';
import { itemsName } from '../ndjson.js';
import { readCheckedQuery } from '../query-input.js';
import { loadEval, loadSyntax } from '../stages.js';
import { shellWord } from '../shell-word.js';
import { terminalText } from '../terminal-text.js';

/** Options of `catq explain`. */
interface ExplainOptions {
  readonly id: string;
  readonly catalog?: string;
  readonly items?: string;
  readonly format?: 'text' | 'json';
}

/**
 * `catq explain --id ID [query]`: finds the item with that id in the items (the first one whose
 * id, written as text, is ID) and shows clause by clause whether it holds and what the item has.
 * Exit 0 whether or not the item matches; 1 when the query has errors; 2 when no item has the id.
 */
export default async function explainCommand(arg: string | undefined, options: ExplainOptions, ctx: CliContext): Promise<number> {
  // No item has the empty id (docs/cli.md: such an item is never listed): say so at once, rather
  // than after reading every item.
  if (idFromText(options.id) === '') {
    throw new CliError(`--id ${shellWord(options.id)} is the empty id, and no item has it (an item whose id is empty has no id).`, { fix: 'give the id of an item as catq run writes it, for example --id 100001.' });
  }
  checkStdinUse(arg, options.items);
  const items = options.items ?? defaultItems(queryFromStdin(arg));
  const read = await readCheckedQuery(arg, options.catalog, ctx, options.format === 'json');
  if ('exit' in read) return read.exit;
  const { query, catalog } = read;

  // The id as `catq run` writes it (idToText): 5 is the number, '"5"' the string.
  const wanted = idFromText(options.id);
  let found: unknown;
  let first: string | undefined;
  const summary = await streamItems(items, ctx, (item) => {
    const id = itemId(item, catalog);
    if (id === undefined) return true;
    first ??= idToText(id);
    if (id !== wanted) return true;
    found = item;
    return false;
  });
  if (!summary.stopped) {
    const source = summary.path === '-' ? 'the items on standard input' : 'the file given to --items';
    throw new CliError(`no item has the id ${JSON.stringify(options.id)} in "${itemsName(summary.path)}" (${summary.items} items read; the id is the value of the key "${catalog.Aliases.Id}").`, {
      fix: first !== undefined ? `check the id given to --id (the first item's is --id ${shellWord(first)}), or ${source}.` : `check ${source}: no item in it has an id.`,
    });
  }

  const { explain } = await loadEval();
  const result = explain(query, catalog, found);
  const listed = toListedItem(found, catalog);
  if (options.format === 'json') {
    printJson(ctx, { id: itemId(found, catalog), name: listed?.Name, matched: result.matched, clauses: result.clauses });
    return EXIT.ok;
  }
  const { formatClause } = await loadSyntax();
  const c = ctx.out;
  const failed = result.clauses.filter((e) => !e.held).length;
  // The id, the name and the values are the items' own text: terminalText keeps control characters
  // in them from reaching the terminal as they are.
  const name = listed?.Name !== undefined ? ` ${terminalText(JSON.stringify(listed.Name))}` : '';
  const id = terminalText(options.id);
  const head =
    result.matched
      ? c.green(`item ${id}${name} matches`) + (result.clauses.length === 1 ? ' (its one clause holds).' : result.clauses.length ? ` (all ${result.clauses.length} clauses hold).` : ' (the empty query matches every item).')
      : c.red(`item ${id}${name} does not match`) + `: ${failed} of ${result.clauses.length} ${result.clauses.length === 1 ? 'clause fails' : 'clauses fail'}.`;
  println(ctx, head);
  ctx.stdout.write('\n');
  const texts = result.clauses.map((e) => terminalText(formatClause(e.clause)));
  const width = Math.min(48, Math.max(0, ...texts.map((t) => t.length)));
  result.clauses.forEach((e, i) => {
    const mark = e.held ? c.green('✓') : c.red('✗');
    const text = (texts[i] ?? '').padEnd(width);
    println(ctx, `  ${mark} ${text}  ${c.dim(seen(e))}`);
  });
  return EXIT.ok;
}

/** What the item has for the clause's field, in words. */
function seen(e: ClauseExplanation): string {
  const via = terminalText(e.rawKey !== e.field ? `${e.field} (key "${e.rawKey}")` : `"${e.rawKey}"`);
  if (!e.hasKey || e.seen === undefined) return `${via} is missing`;
  return `${via} is ${preview(e.seen)}`;
}

/** A value as JSON, cut short when long. */
function preview(v: unknown): string {
  const text = terminalText(JSON.stringify(v) ?? String(v));
  return text.length > 60 ? text.slice(0, 57) + '...' : text;
}
