import { readConfig, USAGE, UsageError } from './config.js';
import { startServer, StartError } from './start.js';

/** `catq-server`: starts the service and prints `listening on http://HOST:PORT` once it accepts connections. */
async function main(): Promise<void> {
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
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
