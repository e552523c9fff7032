import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { originProblem } from './cors.js';

/** The command line of `catq-server`, checked. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** How a message tells the user to change the port and the host (default `--port`, `--host`). */
  readonly addressFrom?: { readonly port: string; readonly host: string };
  readonly catalogFiles: string[];
  readonly itemsFile?: string;
  readonly apiKeys: string[];
  readonly networkId: number;
  readonly databaseUrl?: string;
  readonly dataDir?: string;
  /**
   * In-memory PGlite started from this file, PGlite's dump of a data folder (`dumpDataDir`),
   * instead of an empty cluster: `npm start`'s seeded sample. Not a command-line option; ignored
   * with `databaseUrl` or `dataDir`.
   */
  readonly pgliteDump?: string;
  readonly bodyLimit: number;
  readonly playgroundDir?: string;
  /** A file of keys (`KEY [NETWORK]` or `sha256:HEX [NETWORK]` per line), read again on SIGHUP. */
  readonly apiKeysFile?: string;
  /** PEM certificate and private key files: the service speaks HTTPS. */
  readonly tlsCert?: string;
  readonly tlsKey?: string;
  /** Fastify's `trustProxy`: `true`, a hop count, or addresses/CIDRs (comma-separated). */
  readonly trustProxy?: boolean | number | string;
  /** pino level: fatal, error, warn, info (one line per request), debug, trace, silent. */
  readonly logLevel?: LogLevel;
  /** Prometheus metrics on this port (on `metricsHost`), off when absent. */
  readonly metricsPort?: number;
  readonly metricsHost?: string;
  /** Requests per minute per API key; 0 = no limit. */
  readonly rateLimit?: number;
  /** Longest a PostgreSQL statement may run, in ms; 0 = no limit. */
  readonly statementTimeoutMs?: number;
  /** Longest a request may take to arrive (headers and body), in ms. */
  readonly requestTimeoutMs?: number;
  /** Most bytes of a request line and its headers (a longer one is a 431). */
  readonly maxHeaderSize?: number;
  /** Longest SIGTERM waits for requests in flight, in ms. */
  readonly shutdownTimeoutMs?: number;
  /** PostgreSQL streaming replicas that List and Get read from. */
  readonly readDatabaseUrls?: string[];
  /** Connections per PostgreSQL pool. */
  readonly poolSize?: number;
  /** How long an idle PostgreSQL connection stays open, in ms (0: until shutdown). */
  readonly poolIdleTimeoutMs?: number;
  /** Most members (object keys and array elements, at every depth) one item may have. */
  readonly maxItemMembers?: number;
  /** Compress responses (gzip, brotli) for clients that accept it (default true). */
  readonly compression?: boolean;
  /** Origins allowed to call the API from a browser (CORS; `*` for any); none by default. */
  readonly corsOrigins?: string[];
  /** Shard servers: `databaseUrl` is then the coordinator, and each catalog's items live on one shard. */
  readonly shardUrls?: string[];
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The environment variable that may hold keys (lines or commas, each as a line of --api-keys-file). */
export const KEYS_ENV = 'CATQ_API_KEYS';

export const USAGE = `Usage: catq-server --catalog FILE [--catalog FILE ...] [options]
       catq-server keys new [--network-id N]   print a new API key and its --api-keys-file line
       catq-server move-catalog ...            move a catalog to another shard (move-catalog --help)

  --port N             port to listen on (0 = any free port; default 8080)
  --host H             address to listen on (default 127.0.0.1)
  --catalog FILE       a catalog in the interface's full form (repeatable; at least one)
  --items FILE         NDJSON raw product items for the first catalog, loaded when it is empty
  --api-key KEY        an API key of the network (repeatable; visible in ps: prefer the next two)
  --api-keys-file FILE keys, one per line: KEY or sha256:HEX, then optionally a network id;
                       # comments; read again on SIGHUP. Also: CATQ_API_KEYS in the environment
  --network-id N       the network of the keys and catalogs (default 1)
  --database-url URL   a PostgreSQL server (postgres://...); without it, embedded PGlite
  --data-dir DIR       keep PGlite's data in DIR (default: in memory)
  --body-limit BYTES   largest request body (default 16777216)
  --tls-cert FILE      PEM certificate (with --tls-key): serve HTTPS
  --tls-key FILE       PEM private key of --tls-cert
  --trust-proxy V      behind a TLS-terminating proxy: true, a hop count, or addresses/CIDRs
  --log-level L        fatal, error, warn, info (default: one JSON line per request), debug, trace, silent
  --metrics-port N     Prometheus metrics at http://METRICS_HOST:N/metrics (default: off)
  --metrics-host H     address of the metrics listener (default 127.0.0.1)
  --rate-limit N       requests per minute per API key, then 429 (default 0 = no limit)
  --statement-timeout MS  longest PostgreSQL statement (default 10000; 0 = none)
  --request-timeout MS longest time for a request to arrive, headers and body (default 30000)
  --max-header-size BYTES  longest request line and headers, then 431 (default 65536)
  --shutdown-timeout MS   longest wait for requests in flight on SIGTERM (default 10000)
  --read-database-url URL a PostgreSQL streaming replica for List and Get (repeatable)
  --pool-size N        connections per PostgreSQL pool (default 16)
  --pool-idle-timeout MS  close a PostgreSQL connection idle this long (default 300000; 0 = never)
  --shard-url URL      a shard server (repeatable): --database-url is then the coordinator,
                       which places each catalog's items on one shard (docs/operations.md)
  --max-item-members N most keys and array elements in one item, at all depths (default 20000)
  --compression on|off compress responses for clients that accept it (default on)
  --playground DIR     the console build served at / (default: packages/playground/dist)
  --cors-origin ORIGIN let browser pages of ORIGIN (https://app.example.com, or *) call the API
                       (repeatable; default: no cross-origin access)
  --help               this text`;

/**
 * Why a database URL is not one of PostgreSQL's, or undefined. node-postgres reads any text as a
 * connection string, so `mysql://host/db` would fail later as an unknown host; a URL whose scheme
 * is another database's is refused here, by name. Text without a scheme (a socket folder) is left
 * to node-postgres.
 */
function databaseUrlProblem(url: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === 'postgres' || scheme === 'postgresql' || scheme === 'socket') return undefined;
  return `must be a PostgreSQL URL (postgres://user@host:5432/database), but it starts with ${scheme}://.`;
}

/** A command line problem: the message, printed with the usage, exit status 2. */
export class UsageError extends Error {}

function whole(text: string, flag: string, min: number, max: number): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}.`);
  return Number(text);
}

/**
 * `--flag -1` as `--flag=-1`: node's parseArgs reads a value that starts with a dash as a
 * missing value ("argument is ambiguous"), but no option of catq-server is a dash and a digit,
 * so such a value is a (negative) number, which the flag's own check then names.
 */
function withNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = argv[i + 1];
    if (/^--[a-z-]+$/.test(a) && a !== '--help' && next !== undefined && /^-[0-9.]/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** Reads the command line; throws {@link UsageError}; returns undefined for --help. */
export function readConfig(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: withNegativeValues(argv),
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
        'api-keys-file': { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'trust-proxy': { type: 'string' },
        'log-level': { type: 'string' },
        'metrics-port': { type: 'string' },
        'metrics-host': { type: 'string' },
        'rate-limit': { type: 'string' },
        'statement-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'max-header-size': { type: 'string' },
        'shutdown-timeout': { type: 'string' },
        'read-database-url': { type: 'string', multiple: true },
        'pool-size': { type: 'string' },
        'pool-idle-timeout': { type: 'string' },
        'max-item-members': { type: 'string' },
        compression: { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        'shard-url': { type: 'string', multiple: true },
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
  if (apiKeys.some((k) => k === '')) throw new UsageError('An --api-key must not be empty.');
  if (!apiKeys.length && values['api-keys-file'] === undefined && !env[KEYS_ENV]?.trim()) {
    throw new UsageError(`Give API keys: --api-keys-file FILE, the ${KEYS_ENV} environment variable, or --api-key KEY (clients send a key in X-Service-ApiKey).`);
  }
  if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined)) throw new UsageError('--tls-cert and --tls-key go together.');
  if (values['log-level'] !== undefined && !(LOG_LEVELS as readonly string[]).includes(values['log-level'])) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}.`);
  if (values['read-database-url'] !== undefined && values['database-url'] === undefined) throw new UsageError('--read-database-url needs --database-url (the primary that takes the writes).');
  if (values['database-url'] !== undefined && values['data-dir'] !== undefined) throw new UsageError('--data-dir is for embedded PGlite; it cannot go with --database-url.');
  if (values['shard-url'] !== undefined && values['database-url'] === undefined) throw new UsageError('--shard-url needs --database-url (the coordinator that keeps where each catalog lives).');
  if (values['shard-url'] !== undefined && values['read-database-url'] !== undefined) throw new UsageError('--read-database-url cannot go with --shard-url (replicas of shard servers are not supported yet).');
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host is empty: give an address, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).');
  for (const [flag, urls] of [['--database-url', values['database-url']], ['--read-database-url', values['read-database-url']], ['--shard-url', values['shard-url']]] as const) {
    for (const url of urls === undefined ? [] : typeof urls === 'string' ? [urls] : urls) {
      const problem = databaseUrlProblem(url);
      if (problem) throw new UsageError(`${flag} ${problem}`);
    }
  }
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
  if (values['api-keys-file'] !== undefined) config.apiKeysFile = values['api-keys-file'];
  if (values['tls-cert'] !== undefined) config.tlsCert = values['tls-cert'];
  if (values['tls-key'] !== undefined) config.tlsKey = values['tls-key'];
  if (values['trust-proxy'] !== undefined) config.trustProxy = trustProxy(values['trust-proxy']);
  if (values['log-level'] !== undefined) config.logLevel = values['log-level'] as LogLevel;
  if (values['metrics-port'] !== undefined) config.metricsPort = whole(values['metrics-port'], '--metrics-port', 0, 65535);
  if (values['metrics-host'] !== undefined) config.metricsHost = values['metrics-host'];
  if (values['rate-limit'] !== undefined) config.rateLimit = whole(values['rate-limit'], '--rate-limit', 0, 10 ** 9);
  if (values['statement-timeout'] !== undefined) config.statementTimeoutMs = whole(values['statement-timeout'], '--statement-timeout', 0, 2 ** 31 - 1);
  if (values['request-timeout'] !== undefined) config.requestTimeoutMs = whole(values['request-timeout'], '--request-timeout', 100, 2 ** 31 - 1);
  if (values['max-header-size'] !== undefined) config.maxHeaderSize = whole(values['max-header-size'], '--max-header-size', 1024, 2 ** 24);
  if (values['shutdown-timeout'] !== undefined) config.shutdownTimeoutMs = whole(values['shutdown-timeout'], '--shutdown-timeout', 0, 2 ** 31 - 1);
  if (values['read-database-url'] !== undefined) config.readDatabaseUrls = values['read-database-url'];
  if (values['pool-size'] !== undefined) config.poolSize = whole(values['pool-size'], '--pool-size', 1, 1000);
  if (values['pool-idle-timeout'] !== undefined) config.poolIdleTimeoutMs = whole(values['pool-idle-timeout'], '--pool-idle-timeout', 0, 2 ** 31 - 1);
  if (values.compression !== undefined) {
    if (values.compression !== 'on' && values.compression !== 'off') throw new UsageError('--compression must be on or off.');
    config.compression = values.compression === 'on';
  }
  if (values['max-item-members'] !== undefined) config.maxItemMembers = whole(values['max-item-members'], '--max-item-members', 1, 10 ** 9);
  if (corsOrigins.length) config.corsOrigins = corsOrigins;
  if (values['shard-url'] !== undefined) config.shardUrls = values['shard-url'];
  return config;
}

/** An address, or an address with a prefix length (`10.0.0.0/8`) or an IPv4 netmask (`/255.0.0.0`). */
function isAddressRange(entry: string): boolean {
  const [address = '', prefix, ...more] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || more.length) return false;
  if (prefix === undefined) return true;
  if (/^[0-9]{1,3}$/.test(prefix)) return Number(prefix) <= (family === 6 ? 128 : 32);
  return family === 4 && isIP(prefix) === 4;
}

/** The names of address ranges that Fastify's `trustProxy` (proxy-addr) knows. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(text: string): boolean | number | string {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^[0-9]+$/.test(text)) return Number(text);
  // Addresses, CIDRs or range names, comma-separated: checked here, so that a mistake is a usage
  // error naming it, not a TypeError when the service starts.
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!PROXY_RANGES.has(entry) && !isAddressRange(entry)) throw new UsageError(`--trust-proxy must be true, a hop count, or addresses and CIDRs (10.0.0.1,192.168.0.0/16; or loopback, linklocal, uniquelocal), but ${JSON.stringify(entry)} is none of them.`);
  }
  return text;
}
