import { describe, expect, it } from 'vitest';
import { explain } from '../../src/eval/index.js';
import { itemId } from '../../src/listing/index.js';
import { lint } from '../../src/editor/syntax-entry.js';
import { catq, sampleCatalog, sampleItems } from './helpers.js';

const catalog = sampleCatalog();
const items = sampleItems();
const text = 'brand = "Acme" and price < 100 and sale_price present? false and Brand.Name = "Acme"';
const q = lint(text, catalog).query;
if (!q) throw new Error('test query is not valid');
const query = q;

function byId(id: number) {
  const item = items.find((i) => itemId(i, catalog) === id);
  if (!item) throw new Error(`no item ${id} in the sample`);
  return item;
}

describe('catq explain', () => {
  it.each([100001, 100002, 100096, 100198])('--format json equals the library explain for item %i', async (id) => {
    const r = await catq(['explain', '--id', String(id), '--format', 'json', text]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { id: number; matched: boolean; clauses: unknown[] };
    const expected = explain(query, catalog, byId(id));
    expect(out.id).toBe(id);
    expect(out.matched).toBe(expected.matched);
    expect(out.clauses).toEqual(JSON.parse(JSON.stringify(expected.clauses)));
  });

  it('text output: one line per clause with a mark and what the item has', async () => {
    const id = 100002;
    const expected = explain(query, catalog, byId(id));
    const r = await catq(['explain', '--id', String(id), text]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => /^\s+[✓✗]/.test(l));
    expect(lines.map((l) => l.includes('✓'))).toEqual(expected.clauses.map((c) => c.held));
    expect(r.stdout).toMatch(expected.matched ? /matches/ : /does not match/);
  });

  it('an unknown id: exit 2 with the fix', async () => {
    const r = await catq(['explain', '--id', 'nope', text]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no item has the id "nope"/);
    expect(r.stderr).toMatch(/fix:/);
  });

  it('--id is required', async () => {
    const r = await catq(['explain', text]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--id/);
  });
});

// Audit (CLI) item 6: --id was compared with String(id), so the string "5" was explained for
// --id 5, the number 5 never, and the quoted form that catq run prints ('"12"') was refused.
describe('catq explain --id reads the id as catq run writes it', () => {
  it('5 is the number, \'"5"\' the string, as in the page hints', async () => {
    const { tempDir, writeTemp } = await import('./helpers.js');
    const file = writeTemp(tempDir(), 'ids.ndjson', '{"id":"5","title":"string five","price":1}\n{"id":5,"title":"number five","price":2}\n{"id":"12","title":"twelve","price":3}\n');
    const number = await catq(['explain', '--id', '5', 'price < 10', '--items', file]);
    expect(number.code).toBe(0);
    expect(number.stdout).toContain('item 5 "number five" matches (its one clause holds).');
    const string = await catq(['explain', '--id', '"5"', 'price < 10', '--items', file]);
    expect(string.code).toBe(0);
    expect(string.stdout).toContain('"string five"');
    const hinted = await catq(['run', 'price < 10', '--items', file, '--boundary-id', '5', '--limit', '1']);
    const id = /next page: --boundary-id '([^']*)'/.exec(hinted.stdout + hinted.stderr)?.[1];
    expect(id).toBe('"12"');
    const twelve = await catq(['explain', '--id', id as string, 'price < 10', '--items', file]);
    expect(twelve.code).toBe(0);
    expect(twelve.stdout).toContain('"twelve"');
  });
});
