import { layoutDdl } from 'catq/sql';
import type { TableStore } from './layout.js';

/**
 * PostgreSQL's refusals of data it cannot hold: a value too large for an index entry or a field
 * (`54000`), text it cannot encode (`22021`, `22P05`), a number out of range (`22003`). A batch
 * refused for one of these is retried item by item (store/items.ts), so one such item does not
 * fail the others.
 */
const CANNOT_HOLD = new Set(['54000', '22021', '22P05', '22003']);

/** Whether a database error means "this data cannot be held". */
export function cannotHold(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CANNOT_HOLD.has(code);
}

const indexOwners = new WeakMap<TableStore, Map<string, string>>();

/** Index and column names of the store's search table, to the raw key of their attribute. */
function ownersOf(store: TableStore): Map<string, string> {
  let m = indexOwners.get(store);
  if (m) return m;
  m = new Map();
  const ddl = layoutDdl(store.layout, { table: store.search });
  for (const a of store.layout.attributes) {
    const columns = Object.values(a.columns);
    for (const c of columns) m.set(c, a.rawKey);
    for (const s of ddl) {
      const ix = /^CREATE INDEX IF NOT EXISTS "([^"]+)"/.exec(s);
      if (ix?.[1] && columns.some((c) => s.includes(`"${c}"`))) m.set(ix[1], a.rawKey);
    }
  }
  indexOwners.set(store, m);
  return m;
}

/**
 * The field (raw key) a database refusal is about, found from the index or column it names; ''
 * when it names none of the layout's. Only the field leaves the service, never the names.
 */
export function fieldOfError(e: unknown, store: TableStore): string {
  const message = String((e as { message?: unknown } | null)?.message ?? '');
  const owners = ownersOf(store);
  for (const m of message.matchAll(/"([^"]+)"/g)) {
    const owner = m[1] === undefined ? undefined : owners.get(m[1]);
    if (owner !== undefined) return owner;
  }
  return '';
}
