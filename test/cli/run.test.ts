import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compile, listItems } from '../../src/eval/index.js';
import { itemId, toListedItem } from '../../src/listing/index.js';
import { lint } from '../../src/editor/syntax-entry.js';
import { catq, hasStackTrace, ndjson, sampleCatalog, sampleItems, tempDir, writeTemp } from './helpers.js';

const catalog = sampleCatalog();
const items = sampleItems();
const text = 'brand = "Acme" and price < 100';

function predicate(t: string) {
  const q = lint(t, catalog).query;
  if (!q) throw new Error('test query is not valid');
  return compile(q, catalog);
}

describe('catq run', () => {
  it('prints every match of the sample, raw, in file order (the library filter)', async () => {
    const p = predicate(text);
    const expected = items.filter((i) => p(i));
    expect(expected.length).toBeGreaterThan(0);
    const r = await catq(['run', text]);
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toEqual(expected);
  });

  it('--output listed prints the listed form of each match', async () => {
    const p = predicate(text);
    const expected = items.filter((i) => p(i)).map((i) => toListedItem(i, catalog));
    const r = await catq(['run', '--output', 'listed', text]);
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  type Params = { limit?: string; 'boundary-id'?: string; comparison?: string };
  it.each<[Params]>([
    [{ limit: '7' }],
    [{ limit: '5', 'boundary-id': '100500' }],
    [{ limit: '5', 'boundary-id': '100500', comparison: '>=' }],
    [{ limit: '4', 'boundary-id': '101000', comparison: '<' }],
    [{ limit: '4', 'boundary-id': '101000', comparison: '<=' }],
    [{ 'boundary-id': '102990' }],
    [{ limit: '3', 'boundary-id': '100001', comparison: '<' }],
  ])('cursor options %o: --output page equals listItems over the whole file', async (params) => {
    const args = ['run', '--output', 'page', text];
    if (params.limit !== undefined) args.push('--limit', params.limit);
    if (params['boundary-id'] !== undefined) args.push('--boundary-id', params['boundary-id']);
    if (params.comparison !== undefined) args.push('--comparison', params.comparison);
    const r = await catq(args);
    expect(r.code).toBe(0);
    const expected = listItems(items, catalog, { q: lint(text, catalog).query, ...params }, { numericStrings: true });
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(expected.response)));
  });

  it('cursor options with --output raw print the page items as read, in id order', async () => {
    const r = await catq(['run', '--limit', '5', '--boundary-id', '100500', text]);
    expect(r.code).toBe(0);
    const expected = listItems(items, catalog, { q: lint(text, catalog).query, limit: 5, 'boundary-id': 100500 });
    expect(ndjson(r.stdout).map((i) => itemId(i, catalog))).toEqual(expected.response?.Items.map((i) => i.Id));
    expect(r.stderr).toMatch(/next page: --boundary-id/);
  });

  it('the next-page hint of an id that reads as a number can be pasted into a shell', async () => {
    const dir = tempDir();
    const file = writeTemp(dir, 'items.ndjson', ['11', '12', '13'].map((id) => JSON.stringify({ id, brand: 'Acme', price: 1 })).join('\n') + '\n');
    const first = await catq(['run', '--items', file, '--limit', '1', '--boundary-id', '"11"', text]);
    expect(first.code).toBe(0);
    expect(ndjson(first.stdout).map((i) => itemId(i, catalog))).toEqual(['12']);
    // The shell removes the single quotes: catq reads "12", the string id, and lists "13".
    expect(first.stderr).toContain(`next page: --boundary-id '"12"'`);
    const next = await catq(['run', '--items', file, '--limit', '1', '--boundary-id', '"12"', text]);
    expect(ndjson(next.stdout).map((i) => itemId(i, catalog))).toEqual(['13']);
  });

  it('bad cursor options are usage errors (exit 2) naming the option', async () => {
    for (const [args, option] of [
      [['--limit', '0'], '--limit'],
      [['--limit', '1001'], '--limit'],
      [['--limit', 'ten'], '--limit'],
      [['--comparison', '>'], '--comparison'],
    ] as const) {
      const r = await catq(['run', ...args, text]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(option);
      expect(r.stdout).toBe('');
    }
  });

  it('a query with errors: exit 1, diagnostics, no output', async () => {
    const r = await catq(['run', 'colour = "red"']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('[schema/unknown-field]');
  });

  describe('NDJSON input', () => {
    const dir = tempDir();
    const good = [
      { id: 1, brand: 'Acme', price: 10, title: 'x' },
      { id: 2, brand: 'Acme', price: 500 },
      { id: 3, brand: 'Other', price: 5 },
      { id: 4, brand: 'Acme', price: 99.5 },
      { brand: 'Acme', price: 1 },
    ];
    const lines = good.map((g) => JSON.stringify(g));
    const expectedOf = (list: unknown[]) => {
      const p = predicate(text);
      return list.filter((i) => p(i));
    };

    it('reads gzip input (by its magic bytes) and gives the same result', async () => {
      const plain = writeTemp(dir, 'items.ndjson', lines.join('\n') + '\n');
      const gz = writeTemp(dir, 'items.ndjson.gz', gzipSync(lines.join('\r\n')));
      const disguised = writeTemp(dir, 'items-gz.txt', gzipSync(lines.join('\n') + '\n'));
      const expected = expectedOf(good);
      for (const file of [plain, gz, disguised]) {
        const r = await catq(['run', '--items', file, text]);
        expect(r.code).toBe(0);
        expect(ndjson(r.stdout)).toEqual(expected);
      }
    });

    it('the gzip-compressed sample gives the same matches as the sample', async () => {
      const { readFileSync } = await import('node:fs');
      const { SAMPLE_ITEMS } = await import('./helpers.js');
      const gz = writeTemp(dir, 'sample.ndjson.gz', gzipSync(readFileSync(SAMPLE_ITEMS)));
      const a = await catq(['run', '--items', gz, text]);
      const b = await catq(['run', text]);
      expect(a.code).toBe(0);
      expect(a.stdout).toBe(b.stdout);
    });

    it('a malformed line stops the run with its line number and exit 2', async () => {
      const file = writeTemp(dir, 'bad.ndjson', [lines[0], lines[1], '{"id": 9, "brand": "Acme",', lines[3]].join('\n'));
      const r = await catq(['run', '--items', file, text]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${file}:3`);
      expect(r.stderr).toMatch(/line 3/);
      expect(r.stderr).toMatch(/--skip-bad-lines/);
      expect(hasStackTrace(r.stderr)).toBe(false);
    });

    it('a line that is not an object (a file that is one JSON array, a number, null) is a malformed line, not an item', async () => {
      const array = writeTemp(dir, 'array.json', `[${lines[0]},${lines[1]}]\n`);
      const r = await catq(['run', '--items', array, text]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${array}:1: line 1 holds an array`);
      expect(r.stderr).toContain(`jq -c '.[]' ${array}`);
      const pre = await catq(['preflight', '--items', array, text]);
      expect(pre.code).toBe(2);
      expect(pre.stdout).not.toMatch(/items match/);
      const mixed = writeTemp(dir, 'mixed.ndjson', [lines[0], '42', 'null', '"x"', lines[1]].join('\n'));
      const stop = await catq(['run', '--items', mixed, text]);
      expect(stop.code).toBe(2);
      expect(stop.stderr).toContain(`${mixed}:2: line 2 holds the number 42, not an item`);
      // A query that even an item without keys satisfies: the skipped lines are not items.
      const skipped = await catq(['run', '--skip-bad-lines', '--items', mixed, 'brand present? false']);
      expect(skipped.code).toBe(0);
      expect(skipped.stdout).toBe('');
      expect(skipped.stderr).toMatch(/skipped 3 malformed lines of 5/);
    });

    it('--skip-bad-lines skips malformed lines with a warning per line and a count', async () => {
      const file = writeTemp(dir, 'bad2.ndjson', [lines[0], 'not json', lines[1], '', lines[3], '{"id":', lines[2]].join('\n'));
      const r = await catq(['run', '--skip-bad-lines', '--items', file, text]);
      expect(r.code).toBe(0);
      expect(ndjson(r.stdout)).toEqual(expectedOf([good[0], good[1], good[3], good[2]]));
      expect(r.stderr).toContain(`${file}:2`);
      expect(r.stderr).toContain(`${file}:6`);
      expect(r.stderr).toMatch(/skipped 2 malformed lines/);
    });

    it('items on standard input with --items -', async () => {
      const r = await catq(['run', '--items', '-', text], { input: lines.join('\n') });
      expect(r.code).toBe(0);
      expect(ndjson(r.stdout)).toEqual(expectedOf(good));
    });

    it('the query and the items cannot both come on standard input', async () => {
      const r = await catq(['run', '--items', '-'], { input: lines.join('\n') });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/standard input/);
    });

    it('a missing items file: exit 2 naming the file', async () => {
      const r = await catq(['run', '--items', `${dir}/nope.ndjson`, text]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${dir}/nope.ndjson`);
      expect(r.stderr).toMatch(/no such file/);
    });

    it('an empty items file gives no matches and exit 0', async () => {
      const file = writeTemp(dir, 'empty.ndjson', '');
      const r = await catq(['run', '--items', file, text]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
    });
  });
});
