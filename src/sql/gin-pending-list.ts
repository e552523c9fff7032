/**
 * The GIN indexes catq makes (the search layout's, and `indexSql`'s on a JSON column) bound their
 * pending list to 256 kB. PostgreSQL adds a written row's keys to a GIN index's pending list and
 * merges the list into the index only when it passes its bound (4 MB by default) or at VACUUM;
 * until then every search through the index reads the whole list and compares each entry with
 * each searched key. Measured on PostgreSQL 15 at 40,000 items of examples/generate.mjs (170,820
 * pending entries with the default bound): a `one-of` of 1,000 tags took 591-629 ms and of 10 tags
 * 8.4-9.2 ms; with 256 kB, 10-13 ms and 0.5-0.7 ms, writes within the runs' spread (162-175 against
 * 167-172 ms per 1000 items). docs/sql.md, "GIN indexes and their pending list".
 */
export const GIN_PENDING_LIST_KB = 256;

/**
 * `CREATE INDEX IF NOT EXISTS` of a GIN index with the bound, then the bound set again on an index
 * an earlier catq made without it: a change of PostgreSQL's catalog, not a rebuild, under a lock
 * that lets reads and writes go on. PostgreSQL refuses `ALTER INDEX … SET` on the index of a
 * partitioned table (its partitions' indexes take it), so the second statement sets it on the
 * index itself when it is a plain one, else on each partition's index.
 */
export function ginIndexStatements(name: string, table: string, expression: string): string[] {
  const bound = `gin_pending_list_limit = ${GIN_PENDING_LIST_KB}`;
  const index = `'${name.replaceAll("'", "''")}'::regclass`;
  return [
    `CREATE INDEX IF NOT EXISTS ${name} ON ${table} USING gin (${expression}) WITH (${bound})`,
    `DO $catq$ DECLARE ix regclass; BEGIN FOR ix IN SELECT c.oid::regclass FROM pg_class AS c WHERE c.oid = ${index} AND c.relkind = 'i'` +
      ` UNION ALL SELECT c.oid::regclass FROM pg_inherits AS h JOIN pg_class AS c ON c.oid = h.inhrelid WHERE h.inhparent = ${index} AND c.relkind = 'i'` +
      ` LOOP EXECUTE format('ALTER INDEX %s SET (${bound})', ix); END LOOP; END $catq$`,
  ];
}
