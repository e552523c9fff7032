import { createHash } from 'node:crypto';
import type { Queryable } from '../store/db.js';
import { ident } from '../store/names.js';
import { searchTable } from '../store/layout.js';
import { itemsTable } from '../store/schema.js';
import { addressLabel, postgresAddress, type PostgresAddress } from '../store/postgres-address.js';

/**
 * The coordinator's own tables and its view of the shards (see docs/operations.md, "Catalogs on
 * several servers"):
 * - `catq_shards`: every shard server the service was ever started with (name, host, port, database);
 * - `catq_placement`: which shard holds each catalog's items;
 * - one `postgres_fdw` foreign server per shard, with a user mapping for the service's role;
 * - per catalog, foreign tables `catq_items_<Id>` and `catq_search_<Id>` imported from the shard
 *   that holds it, so a query on the coordinator reaches the catalog's rows where they live.
 */

/** A shard server as the command line names it. */
export interface ShardAddress extends PostgresAddress {
  /** The name of its foreign server on the coordinator (stable for one host, port and database). */
  readonly name: string;
  readonly url: string;
}

/** The advisory lock of the coordinator's DDL and placement (one process at a time). */
export const PLACEMENT_LOCK = 7265033;
/** The first key of a catalog's write lock (the second is `hashtext` of the catalog id). */
export const CATALOG_LOCK = 7265034;

/** Reads a `postgres://` URL of a shard server. */
export function shardAddress(url: string): ShardAddress {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`--shard-url ${JSON.stringify(url)} is not a URL (postgres://USER@HOST:PORT/DATABASE).`);
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw new Error(`--shard-url ${JSON.stringify(url)} must be a postgres:// URL.`);
  const address = postgresAddress(u);
  const name = `catq_shard_${createHash('sha256').update(addressLabel(address)).digest('hex').slice(0, 12)}`;
  return { name, url, ...address };
}

/** A PostgreSQL string literal, for the DDL options that take no parameters. */
function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** The coordinator's tables, the foreign server and user mapping of each shard (idempotent). */
export function coordinatorStatements(shards: readonly ShardAddress[]): string[] {
  const out = [
    'CREATE EXTENSION IF NOT EXISTS postgres_fdw',
    `CREATE TABLE IF NOT EXISTS catq_shards (name text COLLATE "C" PRIMARY KEY, host text NOT NULL, port int NOT NULL, dbname text NOT NULL, added timestamptz NOT NULL DEFAULT now())`,
    `CREATE TABLE IF NOT EXISTS catq_placement (catalog_id numeric PRIMARY KEY, shard text COLLATE "C" NOT NULL REFERENCES catq_shards (name), placed timestamptz NOT NULL DEFAULT now())`,
  ];
  for (const s of shards) {
    // batch_size: an INSERT through the foreign table (a move) sends 1000 rows per statement.
    out.push(
      `CREATE SERVER IF NOT EXISTS ${ident(s.name)} FOREIGN DATA WRAPPER postgres_fdw OPTIONS ` +
        `(host ${literal(s.host)}, port ${literal(String(s.port))}, dbname ${literal(s.dbname)}, fetch_size '1000', batch_size '1000')`,
    );
    const opts = [...(s.user ? [`user ${literal(s.user)}`] : []), ...(s.password ? [`password ${literal(s.password)}`] : [])];
    out.push(`CREATE USER MAPPING IF NOT EXISTS FOR CURRENT_USER SERVER ${ident(s.name)}${opts.length ? ` OPTIONS (${opts.join(', ')})` : ''}`);
  }
  return out;
}

/** Records the shards (a shard seen for the first time is added). */
export async function registerShards(tx: Queryable, shards: readonly ShardAddress[]): Promise<void> {
  await tx.query(
    `INSERT INTO catq_shards (name, host, port, dbname) SELECT s ->> 'name', s ->> 'host', (s ->> 'port')::int, s ->> 'dbname' ` +
      `FROM jsonb_array_elements($1::jsonb) AS s ON CONFLICT (name) DO NOTHING`,
    [JSON.stringify(shards.map((s) => ({ name: s.name, host: s.host, port: s.port, dbname: s.dbname })))],
  );
}

/** The placement: shard name by catalog id. */
export async function readPlacement(db: Queryable): Promise<Map<number, string>> {
  const rows = await db.query('SELECT catalog_id::float8 AS id, shard FROM catq_placement');
  return new Map(rows.map((r) => [Number(r['id']), r['shard'] as string]));
}

/** Places a catalog on a shard (or moves its placement). */
export async function place(tx: Queryable, catalogId: number, shard: string): Promise<void> {
  await tx.query(
    `INSERT INTO catq_placement (catalog_id, shard) VALUES ($1::numeric, $2) ON CONFLICT (catalog_id) DO UPDATE SET shard = EXCLUDED.shard, placed = now()`,
    [String(catalogId), shard],
  );
}

/**
 * Points the coordinator's foreign tables of a catalog at the shard that holds it: dropped and
 * imported again, so their columns are those of the shard's tables (the search layout's columns).
 * `schema` is where they go (`public`, or a scratch schema while a catalog is moved).
 */
export async function importCatalogTables(tx: Queryable, catalogId: number, shard: string, schema = 'public'): Promise<void> {
  const raw = itemsTable(catalogId);
  const search = searchTable(catalogId);
  await tx.query(`DROP FOREIGN TABLE IF EXISTS ${ident(schema)}.${ident(raw)}, ${ident(schema)}.${ident(search)}`);
  await tx.query(`IMPORT FOREIGN SCHEMA public LIMIT TO (${ident(raw)}, ${ident(search)}) FROM SERVER ${ident(shard)} INTO ${ident(schema)}`);
}

/**
 * Which shard takes a new catalog: the one with the fewest items, then the fewest catalogs, then
 * the first on the command line. A shard already holding rows of the catalog (a coordinator
 * made again after a loss) keeps it.
 */
export function chooseShard(
  catalogId: number,
  shards: readonly ShardAddress[],
  placement: ReadonlyMap<number, string>,
  counts: ReadonlyMap<string, ReadonlyMap<number, number>>,
): string {
  const holder = shards.find((s) => (counts.get(s.name)?.get(catalogId) ?? 0) > 0);
  if (holder) return holder.name;
  const load = (s: ShardAddress) => {
    let items = 0;
    let catalogs = 0;
    for (const [id, on] of placement) {
      if (on !== s.name) continue;
      catalogs++;
      items += counts.get(s.name)?.get(id) ?? 0;
    }
    return { items, catalogs };
  };
  let best = shards[0] as ShardAddress;
  let bestLoad = load(best);
  for (const s of shards.slice(1)) {
    const l = load(s);
    if (l.items < bestLoad.items || (l.items === bestLoad.items && l.catalogs < bestLoad.catalogs)) {
      best = s;
      bestLoad = l;
    }
  }
  return best.name;
}
