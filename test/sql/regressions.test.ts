/** Replays test/sql/regressions.ts on every engine against the evaluator (filter and listing). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, listItems } from '../../src/eval/index.js';
import { listSql, sqlPage, toSql } from '../../src/sql/index.js';
import { decode } from '../../src/wire/index.js';
import { engineRows, insertRaw, startEngines, unlessRefusedKey, type Engines } from './engines.js';
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
    for (const engine of e.all) {
      // MariaDB refuses a key it cannot read (asserted by unlessRefusedKey); the others must answer.
      const s = unlessRefusedKey(engine, r.catalog, () => toSql(q, r.catalog, { dialect: engine.dialect }));
      if (!s) continue;
      expect({ engine: engine.name, rows: await engineRows(engine, grp, s.where, s.params) }).toEqual({ engine: engine.name, rows: expected });
      if (r.listing) {
        // jsonb stores numbers as numeric, which has no -0: the reference is what each engine holds.
        const table = engine.dialect === 'mysql' ? '`items`' : 'items';
        const stored = (await engine.query(`SELECT data FROM ${table} WHERE grp = ${grp} ORDER BY n`, [])).map((x) => engine.json(x['data']));
        const l = unlessRefusedKey(engine, r.catalog, () => listSql(q, r.catalog, r.listing!, { dialect: engine.dialect }));
        if (!l) continue;
        const rows = (await engine.query(l.sql.replace('WHERE (', `WHERE grp = ${grp} AND (`), l.params)).map((x) => engine.json(x['data']));
        expect({ engine: engine.name, page: sqlPage(l, rows, false, r.catalog) }).toEqual({
          engine: engine.name,
          page: listItems(stored, r.catalog, { ...r.listing, q: r.wire }).response,
        });
      }
    }
  });
});
