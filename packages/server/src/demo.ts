import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, StartError, type RunningServer } from './start.js';
import type { ServerConfig } from './config.js';

/**
 * A seeded PGlite folder for this demo build and sample, made once and kept under
 * node_modules/.cache/catq-demo/: creating a PGlite database (initdb) and loading the 3,000
 * items is most of a start, opening a copy of a ready folder is a fraction of it. The name is a
 * hash of this file (the schema code is bundled in it) and of the sample files, so any change
 * makes a new one. Undefined (in-memory database) if the folder cannot be made.
 */
async function seededTemplate(root: string, config: ServerConfig): Promise<string | undefined> {
  const hash = createHash('sha256');
  for (const file of [fileURLToPath(import.meta.url), ...config.catalogFiles, config.itemsFile ?? '']) hash.update(file ? readFileSync(file) : '');
  const cache = join(root, 'node_modules', '.cache', 'catq-demo');
  const template = join(cache, hash.digest('hex').slice(0, 16));
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const building = `${template}.tmp-${process.pid}`;
  try {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    const server = await startServer({ ...config, port: 0, host: '127.0.0.1', dataDir: building });
    await server.close();
    renameSync(building, template);
    return template;
  } catch (e) {
    rmSync(building, { recursive: true, force: true });
    if (e instanceof StartError) throw e;
    return undefined;
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
  const port = process.env['PORT'] && /^[0-9]+$/.test(process.env['PORT']) ? Number(process.env['PORT']) : 8080;
  process.stdout.write('Starting catq-server on embedded PGlite with examples/catalog.json and examples/items.ndjson ...\n');
  const config: ServerConfig = {
    port,
    host: process.env['HOST'] ?? '127.0.0.1',
    catalogFiles: [root + 'examples/catalog.json'],
    itemsFile: root + 'examples/items.ndjson',
    apiKeys: [key],
    networkId: 1,
    bodyLimit: 16 * 1024 * 1024,
    // Quiet for a first look: no line per request (warnings and failures still print).
    logLevel: 'warn',
  };
  let server: RunningServer;
  // Each start runs on a fresh copy of the seeded folder, removed when it stops.
  let run: string | undefined;
  try {
    const template = await seededTemplate(root, config);
    if (template !== undefined) {
      const dir = mkdtempSync(join(tmpdir(), 'catq-demo-'));
      run = dir;
      process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
      cpSync(template, dir, { recursive: true });
    }
    server = await startServer(run === undefined ? config : { ...config, dataDir: run });
  } catch (e) {
    if (run !== undefined) rmSync(run, { recursive: true, force: true });
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
