import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalog } from 'catq';
import type { FastifyInstance } from 'fastify';
import { buildApp, FASTIFY_LISTENING_TEXT } from './app.js';
import type { StoredKey } from './auth.js';
import { KEYS_ENV, type ServerConfig } from './config.js';
import { Readiness } from './health.js';
import { KeyFileError, loadKeys, replaceKeys } from './keys.js';
import { ServiceMetrics } from './metrics.js';
import { openPglite, openPostgres, type Db } from './store/db.js';
import { urlLabel } from './store/postgres-address.js';
import { FIRST_REST_MS, MAX_REST_MS } from './store/replica-health.js';
import { createSchema, schemaObjects } from './store/schema.js';
import { startBackfills, stopBackfills } from './store/backfill.js';
import type { TableStore } from './store/layout.js';
import { openShards, type OpenShards } from './shards/open.js';
import { readCatalogs } from './catalog-files.js';
import { readItemLines, seed } from './seed.js';
import { listenError } from './listen-errors.js';
import { StartError } from './start-error.js';
import { readTlsFiles, TlsFilesError, type TlsFiles } from './tls-files.js';

/** The running service. */
export interface RunningServer {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly url: string;
  /** The metrics endpoint, when `--metrics-port` was given. */
  readonly metricsUrl?: string;
  /** Reads the keys again (file and environment); the old keys stay when the new ones cannot be read. */
  reloadKeys(): Promise<number>;
  /** Stops accepting, waits for requests in flight (at most `--shutdown-timeout`), closes the database. */
  close(): Promise<void>;
}

function defaultPlayground(): string | undefined {
  const dir = fileURLToPath(new URL('../../playground/dist/', import.meta.url));
  return existsSync(dir + 'index.html') ? dir : undefined;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** Opens the database the config names: PostgreSQL (with its replicas) or PGlite. */
async function openDb(config: ServerConfig, hooks: { onUnavailable: (kind: string) => void; onAcquire: (s: number) => void }): Promise<Db> {
  if (config.databaseUrl === undefined) return openPglite(config.dataDir, config.dataDir === undefined ? config.pgliteDump : undefined);
  return openPostgres(config.databaseUrl, {
    statementTimeoutMs: config.statementTimeoutMs ?? 10_000,
    ...(config.poolSize === undefined ? {} : { maxConnections: config.poolSize }),
    ...(config.poolIdleTimeoutMs === undefined ? {} : { idleTimeoutMs: config.poolIdleTimeoutMs }),
    ...(config.readDatabaseUrls ? { readUrls: config.readDatabaseUrls } : {}),
    onUnavailable: (u) => hooks.onUnavailable(u.kind),
    onAcquire: hooks.onAcquire,
    onReplicaChange: (change) => {
      const name = `read replica ${change.index + 1} (${urlLabel(config.readDatabaseUrls?.[change.index] ?? '')})`;
      process.stderr.write(
        change.up
          ? `catq-server: ${name} answers again; reads go to it again.\n`
          : `catq-server: warning: ${name} does not answer (${change.reason}); its reads go to the other replicas or the primary until it does (tried again after ${FIRST_REST_MS / 1000} s, then at doubling intervals of at most ${MAX_REST_MS / 1000} s).\n`,
      );
    },
  });
}

/**
 * Creates the schema. On PostgreSQL the DDL runs on a connection of its own without the
 * statement timeout (an index on a large table may take long); PGlite has one connection.
 */
async function migrate(db: Db, config: ServerConfig, catalogs: readonly Catalog[]): Promise<TableStore[]> {
  if (config.databaseUrl === undefined) return createSchema(db, catalogs);
  const ddl = await openPostgres(config.databaseUrl, { maxConnections: 1 });
  try {
    // The stores are registered on the service's own connection, not on the DDL one.
    return await createSchema(ddl, catalogs, db);
  } finally {
    await ddl.close();
  }
}

/** Starts the service: catalogs, keys, database and schema, seed items, then HTTP (and metrics). */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const catalogs = await readCatalogs(config.catalogFiles, { onWarnings: (text) => process.stderr.write(`catq-server: the catalog has warnings (it is used all the same):\n${text.trimEnd()}\n`) });
  const items = config.itemsFile === undefined ? undefined : await readItemLines(config.itemsFile);
  const readKeys = () =>
    loadKeys({ flags: config.apiKeys, networkId: config.networkId, file: config.apiKeysFile, env: process.env[KEYS_ENV], onWarning: (m) => process.stderr.write(`catq-server: warning: ${m}\n`) });
  const keys: StoredKey[] = [];
  const readTls = (): TlsFiles | undefined =>
    config.tlsCert === undefined || config.tlsKey === undefined
      ? undefined
      : readTlsFiles(config.tlsCert, config.tlsKey, (m) => process.stderr.write(`catq-server: warning: ${m}\n`));
  let tls: TlsFiles | undefined;
  try {
    replaceKeys(keys, await readKeys());
    tls = readTls();
  } catch (e) {
    if (e instanceof KeyFileError || e instanceof TlsFilesError) throw new StartError(e.message);
    throw e;
  }
  if (config.playgroundDir !== undefined && !existsSync(join(config.playgroundDir, 'index.html'))) {
    throw new StartError(
      `--playground "${config.playgroundDir}" holds no index.html: give the folder of the console's build (packages/playground/dist, made by npm run build in packages/playground), or leave the flag out`,
    );
  }
  let db: Db | undefined;
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : await ServiceMetrics.create(
          () => db?.stats?.(),
          config.readDatabaseUrls?.length ? () => db?.replicasUp?.() : undefined,
        );
  // Every table and view a request may need: one missing is a 503 until it is created again.
  const tables = schemaObjects(catalogs);
  const sharded = config.shardUrls !== undefined;
  const readiness = new Readiness(async () => {
    if (!db) throw new Error('the database is not open yet.');
    try {
      await db.ping?.();
    } catch {
      throw new Error('the database does not answer.');
    }
    if (db.engine !== 'postgres') return;
    // With shard servers the coordinator only places catalogs: a shard that is away is a 503 for
    // its catalogs (not the service's readiness), and a coordinator that lost its tables needs a restart.
    if (sharded) {
      const placement = await db.query(`SELECT to_regclass('catq_placement') IS NOT NULL AS ok`).catch(() => [{ ok: false }]);
      if (placement[0]?.['ok'] !== true) throw new Error('the coordinator has no placement table; restart the service.');
      return;
    }
    const missing = await db.query('SELECT count(*)::int AS n FROM unnest($1::text[]) AS t WHERE to_regclass(quote_ident(t)) IS NULL', [tables]).catch(() => [{ n: -1 }]);
    if (missing[0]?.['n'] === 0) return;
    // The database was dropped and made again (or some of its tables or views were dropped):
    // create them again, and fill a search table made again empty from its raw table.
    try {
      startBackfills(db, await migrate(db, config, catalogs));
    } catch {
      throw new Error('the tables are missing and could not be created yet.');
    }
  });
  try {
    db = await openDb(config, {
      onUnavailable: (kind) => {
        if (kind === 'down' || kind === 'schema') readiness.markDown(kind === 'down' ? 'the database does not answer.' : 'the tables are being created again.');
      },
      onAcquire: (s) => metrics?.acquire.observe(s),
    });
  } catch (e) {
    throw new StartError(`cannot open the database: ${(e as Error).message}`);
  }
  const open = db;
  // A replica that does not answer at start is said at once (the service starts all the same).
  void open.checkReplicas?.();
  if (open.pooled) {
    process.stderr.write(
      'catq-server: the database is reached through a transaction pooler (PgBouncer) that refuses start-up parameters: ' +
        'set statement_timeout and jit = off on the role or database (docs/operations.md).\n',
    );
  }
  let shards: OpenShards | undefined;
  if (config.shardUrls !== undefined && config.databaseUrl !== undefined) {
    try {
      shards = await openShards(config.databaseUrl, open, config.shardUrls, catalogs, {
        statementTimeoutMs: config.statementTimeoutMs ?? 10_000,
        ...(config.poolSize === undefined ? {} : { maxConnections: config.poolSize }),
        ...(config.poolIdleTimeoutMs === undefined ? {} : { idleTimeoutMs: config.poolIdleTimeoutMs }),
        onAcquire: (s) => metrics?.acquire.observe(s),
      });
    } catch (e) {
      await open.close().catch(() => {});
      throw new StartError(`cannot prepare the shard servers: ${(e as Error).message}`);
    }
    if (items && catalogs[0]) await seed(shards.router.dbFor(catalogs[0].Id), catalogs[0], items);
    for (const [shardDb, shardStores] of shards.stores) startBackfills(shardDb, shardStores);
    shards.router.start();
  } else {
    const stores = await migrate(open, config, catalogs);
    if (items && catalogs[0]) await seed(open, catalogs[0], items);
    startBackfills(open, stores);
  }
  const playgroundDir = config.playgroundDir ?? defaultPlayground();
  const app = await buildApp(
    {
      db: open,
      networks: new Map([[config.networkId, new Map(catalogs.map((c) => [c.Id, c]))]]),
      keys,
      bodyLimit: config.bodyLimit,
      ...(playgroundDir === undefined ? {} : { playgroundDir }),
      ...(metrics ? { metrics } : {}),
      ...(config.corsOrigins?.length ? { corsOrigins: config.corsOrigins } : {}),
      ...(shards ? { shards: shards.router } : {}),
    },
    {
      logLevel: config.logLevel ?? 'info',
      readiness,
      ...(tls ? { https: tls } : {}),
      ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
      ...(config.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: config.requestTimeoutMs }),
      ...(config.maxHeaderSize === undefined ? {} : { maxHeaderSize: config.maxHeaderSize }),
      ...(config.rateLimit === undefined ? {} : { rateLimit: config.rateLimit }),
      ...(config.maxItemMembers === undefined ? {} : { maxItemMembers: config.maxItemMembers }),
      ...(config.compression === undefined ? {} : { compress: config.compression }),
    },
  );
  let metricsServer: Server | undefined;
  let metricsUrl: string | undefined;
  // A listener that cannot start: let go of what was opened (for a caller of startServer that goes on).
  const abandon = async (): Promise<void> => {
    readiness.stop();
    await app.close().catch(() => {});
    metricsServer?.close();
    await stopBackfills(open).catch(() => {});
    for (const shardDb of shards?.stores.keys() ?? []) await stopBackfills(shardDb).catch(() => {});
    await shards?.router.close().catch(() => {});
    await open.close().catch(() => {});
  };
  try {
    // One line says the service listens: cli.ts's, on standard output (not Fastify's log line too).
    await app.listen({ port: config.port, host: config.host, listenTextResolver: () => FASTIFY_LISTENING_TEXT });
  } catch (e) {
    await abandon();
    throw listenError(e, 'the service', config.host, config.port, config.addressFrom ?? { port: '--port', host: '--host' });
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  if (!tls && !isLoopback(config.host) && config.trustProxy === undefined) {
    process.stderr.write(
      `catq-server: warning: serving plain HTTP on ${config.host}, which is not a loopback address: API keys cross the network in clear text. ` +
        `Give --tls-cert FILE --tls-key FILE, or put a TLS-terminating proxy in front and pass --trust-proxy.\n`,
    );
  }
  if (metrics && config.metricsPort !== undefined) {
    const metricsHost = config.metricsHost ?? '127.0.0.1';
    try {
      ({ server: metricsServer, url: metricsUrl } = await metrics.listen(config.metricsPort, metricsHost));
    } catch (e) {
      await abandon();
      throw listenError(e, 'the metrics endpoint', metricsHost, config.metricsPort, { port: '--metrics-port', host: '--metrics-host' });
    }
  }
  const shutdownMs = config.shutdownTimeoutMs ?? 10_000;
  return {
    app,
    db: open,
    url: `${tls ? 'https' : 'http'}://${host}:${port}`,
    ...(metricsUrl === undefined ? {} : { metricsUrl }),
    async reloadKeys() {
      // All or nothing: keys and certificate are both read and checked before either is taken.
      const fresh = await readKeys();
      const renewed = tls ? readTls() : undefined;
      // Renewed certificates are taken too; connections already open keep theirs.
      if (renewed) (app.server as unknown as { setSecureContext(o: object): void }).setSecureContext(renewed);
      replaceKeys(keys, fresh);
      return fresh.length;
    },
    async close() {
      readiness.stop();
      // Requests still running after the shutdown timeout have their connections cut (not acknowledged).
      const force = setTimeout(() => app.server.closeAllConnections(), shutdownMs);
      force.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(force);
        metricsServer?.close();
        await stopBackfills(open);
        for (const shardDb of shards?.stores.keys() ?? []) await stopBackfills(shardDb);
        await shards?.router.close();
        await open.close();
      }
    },
  };
}
