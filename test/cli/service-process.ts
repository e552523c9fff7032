/**
 * A real catalog service for the CLI's `--service` tests: this repository's `catq-server`
 * (packages/server, built) as a child process, with the test's own catalog and items, on embedded
 * PGlite or on a fresh database of the PostgreSQL server. The process and the database come from
 * the server's own black-box helpers (packages/server/test/support/process.ts).
 */
import { freshDatabase, startServer, tempFiles } from '../../packages/server/test/support/process.js';

export interface ServiceProcess {
  /** The base URL, `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Drops the database (connections forced closed) while the service runs: it then answers 503. */
  dropDatabase(): Promise<void>;
  /** Stops the service, drops its database and removes its files. */
  stop(): Promise<void>;
}

/** Starts `catq-server` with `catalog` and `items` and one API key; resolves once it listens. */
export async function startService(options: { catalog: unknown; items: readonly unknown[]; apiKey: string; postgres?: boolean }): Promise<ServiceProcess> {
  const files = tempFiles({
    'catalog.json': JSON.stringify(options.catalog),
    'items.ndjson': options.items.map((i) => JSON.stringify(i)).join('\n') + '\n',
  });
  const db = options.postgres ? await freshDatabase('cli') : undefined;
  let dropped = false;
  const drop = async () => {
    if (!db || dropped) return;
    dropped = true;
    await db.drop();
  };
  try {
    const args = ['--catalog', files.path('catalog.json'), '--items', files.path('items.ndjson'), '--log-level', 'silent', ...(db ? ['--database-url', db.url] : [])];
    // The key through the environment, as an operator would (never on the command line).
    const server = await startServer(args, 90_000, { CATQ_API_KEYS: options.apiKey });
    return {
      url: server.url,
      dropDatabase: drop,
      async stop() {
        await server.stop();
        await drop();
        files.cleanup();
      },
    };
  } catch (e) {
    await drop();
    files.cleanup();
    throw e;
  }
}
