import { readConfig, USAGE, UsageError } from './config.js';
import { newKey } from './keys.js';
import { moveCatalogCommand } from './shards/command.js';
import { startServer } from './start.js';
import { StartError } from './start-error.js';

const KEYS_USAGE = `Usage: catq-server keys new [--network-id N]

Prints a new random API key, and the line to add to the --api-keys-file (its SHA-256 digest and
the network id, so the file never holds the key itself). Give the key to the client; then send
the service SIGHUP to read the file again.`;

/** `catq-server keys new [--network-id N]`. */
function keysCommand(args: readonly string[]): void {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${KEYS_USAGE}\n`);
    return;
  }
  const [verb, flag, value, ...extra] = args;
  const networkOk = flag === undefined || (flag === '--network-id' && value !== undefined && /^[0-9]{1,10}$/.test(value) && Number(value) <= 2 ** 31 - 1);
  if (verb !== 'new' || !networkOk || extra.length) {
    process.stderr.write(`${KEYS_USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const { key, line } = newKey(flag === undefined ? 1 : Number(value));
  process.stdout.write(`key:  ${key}\nline: ${line}\n`);
}

/**
 * `catq-server`: starts the service and prints `listening on http://HOST:PORT` once it accepts
 * connections. SIGHUP reads the keys (and TLS files) again; SIGTERM and SIGINT shut it down.
 */
async function main(): Promise<void> {
  if (process.argv[2] === 'keys') {
    keysCommand(process.argv.slice(3));
    return;
  }
  if (process.argv[2] === 'move-catalog') {
    process.exitCode = await moveCatalogCommand(process.argv.slice(3));
    return;
  }
  let config;
  try {
    config = readConfig(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`catq-server: ${e.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    throw e;
  }
  if (!config) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  let server;
  try {
    server = await startServer(config);
  } catch (e) {
    process.stderr.write(`catq-server: ${e instanceof StartError ? e.message : (e as Error).stack ?? String(e)}\n`);
    process.exit(2);
  }
  process.stdout.write(`listening on ${server.url}\n`);
  if (server.metricsUrl) process.stdout.write(`metrics on ${server.metricsUrl}\n`);
  process.on('SIGHUP', () => {
    server.reloadKeys().then(
      (n) => server.app.log.info({ keys: n }, 'keys reloaded'),
      (e: Error) => {
        const kept = config.tlsCert === undefined ? 'the old keys stay' : 'the old keys and certificate stay';
        server.app.log.error({ err: e.message }, `not reloaded; ${kept}`);
        process.stderr.write(`catq-server: not reloaded (${kept}): ${e.message}\n`);
      },
    );
  });
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      (e: Error) => {
        process.stderr.write(`catq-server: shutdown failed: ${e.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
