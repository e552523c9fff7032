import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCatalogs } from './catalog-files.js';
import { startServer, type RunningServer } from './start.js';
import { StartError } from './start-error.js';
import { layoutStatements } from './store/layout.js';
import type { ServerConfig } from './config.js';

/**
 * A seeded PGlite database for this demo build and sample, made once and kept under
 * node_modules/.cache/catq-demo/ as PGlite's dump of its data folder (`dumpDataDir`, a tar):
 * creating a PGlite database (initdb) and loading the 3,000 items is most of a start. A start
 * loads the dump into an in-memory database: reading one cached 68 MB file, where a copy of the
 * folder on disk (about 1,000 files) took 0.4-1 s depending on the disk's other work, and
 * nothing is left to remove when it stops. The name is a hash of this file (the service's schema
 * code is bundled in it), of the search layout's statements (catq's layout is built outside this
 * file: a new column or index changes them, and a dump of an older layout would be filled again
 * in the background at every start) and of the sample files, so any change makes a new one.
 * Undefined (an empty in-memory database, seeded at start) if the file cannot be made.
 */
async function seededDump(root: string, config: ServerConfig): Promise<string | undefined> {
  const hash = createHash('sha256');
  for (const file of [fileURLToPath(import.meta.url), ...config.catalogFiles, config.itemsFile ?? '']) hash.update(file ? readFileSync(file) : '');
  hash.update(JSON.stringify(layoutStatements(await readCatalogs(config.catalogFiles))));
  const cache = join(root, 'node_modules', '.cache', 'catq-demo');
  const dump = join(cache, `${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(dump)) return dump;
  const building = `${dump}.tmp-${process.pid}`;
  try {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    // The seeded database, written by the service itself in memory (faster than a data folder
    // on disk), then dumped: written whole under another name and renamed, so a start never
    // reads half a dump.
    const server = await startServer({ ...config, port: 0, host: '127.0.0.1' });
    let tar: Uint8Array | undefined;
    try {
      tar = await server.db.dump?.();
    } finally {
      await server.close();
    }
    if (!tar) return undefined;
    writeFileSync(building, tar);
    renameSync(building, dump);
    return dump;
  } catch (e) {
    if (e instanceof StartError) throw e;
    return undefined;
  } finally {
    rmSync(building, { force: true });
  }
}

/**
 * `npm start` at the repository root: the service on in-memory PGlite with the example catalog
 * and items, a freshly generated API key, and ready `curl` lines. PORT (default 8080) and HOST
 * (default 127.0.0.1) come from the environment.
 */
async function demo(): Promise<void> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const key = randomBytes(18).toString('base64url');
  // scripts/start.mjs (npm start) refuses a PORT that is not a port before it runs this.
  const port = process.env['PORT'] && /^[0-9]+$/.test(process.env['PORT']) ? Number(process.env['PORT']) : 8080;
  process.stdout.write('Starting catq-server on embedded PGlite with examples/catalog.json and examples/items.ndjson ...\n');
  const config: ServerConfig = {
    port,
    host: process.env['HOST'] ?? '127.0.0.1',
    addressFrom: { port: 'PORT (PORT=8081 npm start)', host: 'HOST' },
    catalogFiles: [root + 'examples/catalog.json'],
    itemsFile: root + 'examples/items.ndjson',
    apiKeys: [key],
    networkId: 1,
    bodyLimit: 16 * 1024 * 1024,
    // Quiet for a first look: no line per request (warnings and failures still print).
    logLevel: 'warn',
  };
  let server: RunningServer;
  // Each start runs on a fresh in-memory database loaded from the seeded dump.
  try {
    const dump = await seededDump(root, config);
    server = await startServer(dump === undefined ? config : { ...config, pgliteDump: dump });
  } catch (e) {
    process.stderr.write(`catq-server: ${e instanceof StartError ? e.message : String(e)}\n`);
    process.exit(2);
  }
  const u = server.url;
  const h = `-H 'X-Service-ApiKey: ${key}'`;
  const q = encodeURIComponent(JSON.stringify([['brand', 'Hearth'], [['<', 'price'], 100]]));
  process.stdout.write(
    [
      `listening on ${u}`,
      '',
      `API key: ${key}`,
      '',
      'Try:',
      `  curl -s ${h} ${u}/v1/catalog`,
      `  curl -s ${h} ${u}/v1/catalog/1042`,
      `  curl -s ${h} '${u}/v1/catalog/1042/product?limit=5&q=${q}'`,
      `  curl -s ${h} ${u}/v1/catalog/1042/product/100001`,
      `  curl -s ${h} ${u}/v1/catalog/1042/brand`,
      `  curl -s ${h} -H 'Content-Type: application/json' -d '{"Items":[{"id":1,"title":"Demo tent","price":99}]}' ${u}/v1/catalog/1042/product/batch/upsert`,
      `  curl -s ${h} -X PATCH -H 'Content-Type: application/json' -d '{"Items":[{"id":1,"price":89}]}' ${u}/v1/catalog/1042/product/batch/update`,
      `  curl -s ${h} -H 'Content-Type: application/json' -d '{"Items":[{"id":1}]}' ${u}/v1/catalog/1042/product/batch/delete`,
      `  OpenAPI: ${u}/openapi.json`,
      ...(existsSync(root + 'packages/playground/dist/index.html') ? [`  Console (open in a browser, enter the key above): ${u}/`, `  Offline sample playground: ${u}/sample/`] : []),
      '',
      'Ctrl-C stops it (changes are thrown away: each start begins from the sample).',
      '',
    ].join('\n'),
  );
  const stop = (): void =>
    void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void demo();
