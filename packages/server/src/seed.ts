import { readFile } from 'node:fs/promises';
import type { Catalog } from 'catq';
import { leftOutWarnings, prepareBatch } from './batch.js';
import { withoutBom } from './catalog-files.js';
import { StartError } from './start-error.js';
import type { Db } from './store/db.js';
import { mergeGinPendingLists } from './store/gin-merge.js';
import { isEmpty, upsertItems, type LeftOut } from './store/items.js';
import { storeOf } from './store/layout.js';
import { itemsTable } from './store/schema.js';

/** The items of an NDJSON file, with the line number of each. */
export interface ItemLines {
  readonly file: string;
  readonly items: unknown[];
  readonly lines: number[];
}

/** Reads NDJSON items (blank lines skipped); a line that is not JSON is a start error naming it. */
export async function readItems(file: string): Promise<unknown[]> {
  return (await readItemLines(file)).items;
}

/** {@link readItems}, with the line number of each item (for the seed's messages). */
export async function readItemLines(file: string): Promise<ItemLines> {
  let text: string;
  try {
    text = withoutBom(await readFile(file, 'utf8'));
  } catch (e) {
    throw new StartError(`cannot read the items file "${file}": ${(e as Error).message}`);
  }
  const items: unknown[] = [];
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      items.push(JSON.parse(line));
      lines.push(i + 1);
    } catch (e) {
      throw new StartError(`${file}:${i + 1}: not a JSON value: ${(e as Error).message}`);
    }
  });
  return { file, items, lines };
}

const MAX_SEED_WARNINGS = 20;

/**
 * Loads seed items into a catalog's empty table, 1000 per statement, in one transaction. The
 * items are read as a batch upsert reads them: a line whose item has no id, or holds what the
 * database cannot hold, is left out, and a later line with the same id replaces an earlier one;
 * each such line is named on standard error (the first 20, then a count), never dropped silently.
 * Values that do not fit the catalog are stored as sent, without a warning (a seed file is the
 * operator's own data; the batch endpoints warn about them).
 */
export async function seed(db: Db, catalog: Catalog, seedItems: ItemLines): Promise<void> {
  const table = itemsTable(catalog.Id);
  const store = storeOf(db, table);
  if (!store || !(await isEmpty(db, table))) return;
  const { file, items, lines } = seedItems;
  const batch = prepareBatch(items, catalog, { checkFit: true, fitWarnings: false, name: (i) => `${file}:${lines[i] ?? '?'}` });
  const left: LeftOut[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < batch.items.length; i += 1000) left.push(...(await upsertItems(tx, store, batch.items.slice(i, i + 1000))));
  });
  await mergeGinPendingLists(db, store);
  const warnings = [...batch.warnings, ...leftOutWarnings(batch, left)];
  for (const w of warnings.slice(0, MAX_SEED_WARNINGS)) process.stderr.write(`catq-server: warning: ${w.message}\n`);
  if (warnings.length) {
    const more = warnings.length > MAX_SEED_WARNINGS ? ` (${warnings.length - MAX_SEED_WARNINGS} not shown)` : '';
    process.stderr.write(`catq-server: warning: ${warnings.length} ${warnings.length === 1 ? 'line' : 'lines'} of ${file} ${warnings.length === 1 ? 'was' : 'were'} not loaded as written${more}; ${batch.items.length - left.length} items of ${items.length} were loaded into catalog ${catalog.Id}.\n`);
  }
}
