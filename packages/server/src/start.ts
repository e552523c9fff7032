import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hasErrors, itemId, loadCatalog, renderDiagnostics, type Catalog } from 'catq';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { storeKeys } from './auth.js';
import type { ServerConfig } from './config.js';
import { openPglite, openPostgres, type Db } from './store/db.js';
import { idKey, isEmpty, upsertItems, type KeyedItem } from './store/items.js';
import { createSchema, itemsTable } from './store/schema.js';

/** A start-up problem: the text to print, exit status 2. */
export class StartError extends Error {}

/** Reads and checks the catalog files; every problem of every file is in the error. */
export async function readCatalogs(files: readonly string[]): Promise<Catalog[]> {
  const out: Catalog[] = [];
  const problems: string[] = [];
  for (const file of files) {
    let text: string;
    let json: unknown;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      problems.push(`cannot read the catalog file "${file}": ${(e as Error).message}`);
      continue;
    }
    try {
      json = JSON.parse(text);
    } catch (e) {
      problems.push(`the catalog file "${file}" is not JSON: ${(e as Error).message}`);
      continue;
    }
    const r = loadCatalog(json);
    if (!r.catalog || hasErrors(r.diagnostics)) {
      problems.push(`the catalog file "${file}" is not a valid catalog:\n${renderDiagnostics(r.diagnostics.filter((d) => d.severity === 'error'), text, { fileName: file })}`);
      continue;
    }
    if (out.some((c) => c.Id === r.catalog?.Id)) problems.push(`the catalog file "${file}" repeats catalog id ${r.catalog.Id}.`);
    out.push(r.catalog);
  }
  if (problems.length) throw new StartError(problems.join('\n\n'));
  return out;
}

/** Reads NDJSON items (blank lines skipped); a line that is not JSON is a start error naming it. */
export async function readItems(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new StartError(`cannot read the items file "${file}": ${(e as Error).message}`);
  }
  const items: unknown[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      items.push(JSON.parse(line));
    } catch (e) {
      throw new StartError(`${file}:${i + 1}: not a JSON value: ${(e as Error).message}`);
    }
  });
  return items;
}

/** Loads seed items into a catalog's empty table, 1000 per statement, in one transaction. */
async function seed(db: Db, catalog: Catalog, items: readonly unknown[]): Promise<number> {
  const table = itemsTable(catalog.Id);
  if (!(await isEmpty(db, table))) return 0;
  const byKey = new Map<string, KeyedItem>();
  for (const it of items) {
    const id = itemId(it, catalog);
    if (id !== undefined) byKey.set(idKey(id), { key: idKey(id), data: it });
  }
  const all = [...byKey.values()];
  await db.transaction(async (tx) => {
    for (let i = 0; i < all.length; i += 1000) await upsertItems(tx, table, all.slice(i, i + 1000));
  });
  return all.length;
}

/** The running service. */
export interface RunningServer {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly url: string;
  close(): Promise<void>;
}

function defaultPlayground(): string | undefined {
  const dir = fileURLToPath(new URL('../../playground/dist/', import.meta.url));
  return existsSync(dir + 'index.html') ? dir : undefined;
}

/** Starts the service: catalogs, database and schema, seed items, then HTTP. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const catalogs = await readCatalogs(config.catalogFiles);
  const items = config.itemsFile === undefined ? undefined : await readItems(config.itemsFile);
  let db: Db;
  try {
    db = config.databaseUrl !== undefined ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  } catch (e) {
    throw new StartError(`cannot open the database: ${(e as Error).message}`);
  }
  await createSchema(db, catalogs);
  if (items && catalogs[0]) await seed(db, catalogs[0], items);
  const playgroundDir = config.playgroundDir ?? defaultPlayground();
  const app = await buildApp({
    db,
    networks: new Map([[config.networkId, new Map(catalogs.map((c) => [c.Id, c]))]]),
    keys: storeKeys(config.apiKeys, config.networkId),
    bodyLimit: config.bodyLimit,
    ...(playgroundDir === undefined ? {} : { playgroundDir }),
    ...(config.corsOrigins?.length ? { corsOrigins: config.corsOrigins } : {}),
  });
  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    app,
    db,
    url: `http://${host}:${port}`,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
