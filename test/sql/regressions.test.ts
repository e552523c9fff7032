/** Replays test/sql/regressions.ts on both engines against the evaluator (filter and listing). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, listItems } from '../../src/eval/index.js';
import { listSql, sqlPage, toSql } from '../../src/sql/index.js';
import { decode } from '../../src/wire/index.js';
import { insertRaw, liteRows, pgRows, startEngines, type Engines } from './engines.js';
import { REGRESSIONS } from './regressions.js';

let e: Engines;
beforeAll(async () => {
  e = await startEngines();
});
afterAll(async () => {
  await e.close();
});

describe('regression cases', () => {
  it.each(REGRESSIONS.map((r, i) => [r.name, r, i + 1] as const))('%s', async (_name, r, grp) => {
    const q = decode(JSON.stringify(r.wire)).query!;
    await insertRaw(e, grp, r.items);
    const items = r.items.map((t) => JSON.parse(t) as unknown);
    const p = compile(q, r.catalog);
    const expected = items.flatMap((it, i) => (p(it) ? [i] : []));
    const pg = toSql(q, r.catalog, { dialect: 'postgres' });
    const lite = toSql(q, r.catalog, { dialect: 'sqlite' });
    expect(await pgRows(e, grp, pg.where, pg.params)).toEqual(expected);
    expect(liteRows(e, grp, lite.where, lite.params)).toEqual(expected);
    if (r.listing) {
      // jsonb stores numbers as numeric, which has no -0: the reference is what each engine holds.
      const pgStored = (await e.pg.query<{ data: unknown }>('SELECT data FROM items WHERE grp = $1 ORDER BY n', [grp])).rows.map((x) => x.data);
      const l = listSql(q, r.catalog, r.listing, { dialect: 'postgres' });
      const rows = (await e.pg.query<{ data: unknown }>(l.sql.replace('WHERE (', `WHERE grp = ${grp} AND (`), [...l.params])).rows.map((x) => x.data);
      expect(sqlPage(l, rows, false, r.catalog)).toEqual(listItems(pgStored, r.catalog, { ...r.listing, q: r.wire }).response);
      const ll = listSql(q, r.catalog, r.listing, { dialect: 'sqlite' });
      const liteRowsData = (e.lite.prepare(ll.sql.replace('WHERE (', `WHERE grp = ${grp} AND (`)).all(...ll.params) as { data: string }[]).map((x) => JSON.parse(x.data) as unknown);
      expect(sqlPage(ll, liteRowsData, false, r.catalog)).toEqual(listItems(items, r.catalog, { ...r.listing, q: r.wire }).response);
    }
  });
});
