import { parseArgs } from 'node:util';
import { originProblem } from './cors.js';

/** The command line of `catq-server`, checked. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly catalogFiles: string[];
  readonly itemsFile?: string;
  readonly apiKeys: string[];
  readonly networkId: number;
  readonly databaseUrl?: string;
  readonly dataDir?: string;
  readonly bodyLimit: number;
  readonly playgroundDir?: string;
  /** Origins allowed to call the API from a browser (CORS; `*` for any); none by default. */
  readonly corsOrigins?: string[];
}

export const USAGE = `Usage: catq-server --catalog FILE [--catalog FILE ...] [options]

  --port N             port to listen on (0 = any free port; default 8080)
  --host H             address to listen on (default 127.0.0.1)
  --catalog FILE       a catalog in the interface's full form (repeatable; at least one)
  --items FILE         NDJSON raw product items for the first catalog, loaded when it is empty
  --api-key KEY        an API key of the network (repeatable; at least one)
  --network-id N       the network of the keys and catalogs (default 1)
  --database-url URL   a PostgreSQL server (postgres://...); without it, embedded PGlite
  --data-dir DIR       keep PGlite's data in DIR (default: in memory)
  --body-limit BYTES   largest request body (default 16777216)
  --playground DIR     the console build served at / (default: packages/playground/dist)
  --cors-origin ORIGIN let browser pages of ORIGIN (https://app.example.com, or *) call the API
                       (repeatable; default: no cross-origin access)
  --help               this text`;

/** A command line problem: the message, printed with the usage, exit status 2. */
export class UsageError extends Error {}

function whole(text: string, flag: string, min: number, max: number): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}.`);
  return Number(text);
}

/** Reads the command line; throws {@link UsageError}; returns undefined for --help. */
export function readConfig(argv: readonly string[]): ServerConfig | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        catalog: { type: 'string', multiple: true },
        items: { type: 'string' },
        'api-key': { type: 'string', multiple: true },
        'network-id': { type: 'string' },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        'body-limit': { type: 'string' },
        playground: { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (values.help) return undefined;
  const catalogFiles = values.catalog ?? [];
  if (!catalogFiles.length) throw new UsageError('Give at least one --catalog FILE.');
  const apiKeys = values['api-key'] ?? [];
  if (!apiKeys.length || apiKeys.some((k) => k === '')) throw new UsageError('Give at least one non-empty --api-key KEY (clients send it in X-Service-ApiKey).');
  if (values['database-url'] !== undefined && values['data-dir'] !== undefined) throw new UsageError('--data-dir is for embedded PGlite; it cannot go with --database-url.');
  const corsOrigins = values['cors-origin'] ?? [];
  for (const origin of corsOrigins) {
    const problem = originProblem(origin);
    if (problem) throw new UsageError(`--cors-origin: ${problem}`);
  }
  const config: { -readonly [K in keyof ServerConfig]: ServerConfig[K] } = {
    port: values.port === undefined ? 8080 : whole(values.port, '--port', 0, 65535),
    host: values.host ?? '127.0.0.1',
    catalogFiles,
    apiKeys,
    networkId: values['network-id'] === undefined ? 1 : whole(values['network-id'], '--network-id', 0, 2 ** 31 - 1),
    bodyLimit: values['body-limit'] === undefined ? 16 * 1024 * 1024 : whole(values['body-limit'], '--body-limit', 1024, 2 ** 30),
  };
  if (values.items !== undefined) config.itemsFile = values.items;
  if (values['database-url'] !== undefined) config.databaseUrl = values['database-url'];
  if (values['data-dir'] !== undefined) config.dataDir = values['data-dir'];
  if (values.playground !== undefined) config.playgroundDir = values.playground;
  if (corsOrigins.length) config.corsOrigins = corsOrigins;
  return config;
}
