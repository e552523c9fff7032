import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer, StartError } from './start.js';

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
  let server;
  try {
    server = await startServer({
      port,
      host: process.env['HOST'] ?? '127.0.0.1',
      catalogFiles: [root + 'examples/catalog.json'],
      itemsFile: root + 'examples/items.ndjson',
      apiKeys: [key],
      networkId: 1,
      bodyLimit: 16 * 1024 * 1024,
      // Quiet for a first look: no line per request (warnings and failures still print).
      logLevel: 'warn',
    });
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
      'Ctrl-C stops it (the data is in memory).',
      '',
    ].join('\n'),
  );
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void demo();
