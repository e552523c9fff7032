import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { catq, hasStackTrace, ndjson, tempDir, writeTemp } from '../cli/helpers.js';

// Issue 14, the CLI: lines read in linear time with a maximum length, invalid UTF-8 reported
// with its line, an empty id not listed, every documented exit status true.

const dir = tempDir();
const good = (id: number | string) => JSON.stringify({ id, brand: 'Acme', title: 'Shoe', price: 5 });

describe('catq run on hostile NDJSON', () => {
  it('a line longer than --max-line-bytes stops with exit 2 naming the line (plain and gzip)', async () => {
    const long = JSON.stringify({ id: 7, title: 'x'.repeat(5000) });
    const lines = [good(1), long, good(2)].join('\n') + '\n';
    for (const file of [writeTemp(dir, 'long.ndjson', lines), writeTemp(dir, 'long.ndjson.gz', gzipSync(lines))]) {
      const r = await catq(['run', '--max-line-bytes', '1000', '--items', file, 'brand = "Acme"']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/line 2/);
      expect(r.stderr).toMatch(/1000 bytes/);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    const ok = await catq(['run', '--max-line-bytes', '100000', '--items', writeTemp(dir, 'long2.ndjson', lines), 'brand = "Acme"']);
    expect(ok.code).toBe(0);
  });

  it('the default maximum stops a gzip bomb of one huge line quickly, exit 2', async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"id":1,"title":"'), Buffer.alloc(64 * 1024 * 1024, 0x61), Buffer.from('"}\n')]));
    const file = writeTemp(dir, 'bomb.ndjson.gz', bomb);
    const r = await catq(['run', '--items', file, 'brand = "Acme"']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 1 is longer than/);
  });

  it('invalid UTF-8 is reported with its line (exit 2), or skipped with --skip-bad-lines', async () => {
    const bytes = Buffer.concat([Buffer.from(good(1) + '\n'), Buffer.from('{"id":2,"brand":"Ac'), Buffer.from([0xff, 0xfe]), Buffer.from('me"}\n'), Buffer.from(good(3) + '\n')]);
    const file = writeTemp(dir, 'bad-utf8.ndjson', bytes);
    const r = await catq(['run', '--items', file, 'brand = "Acme"']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 2/);
    expect(r.stderr).toMatch(/UTF-8/);
    const skipped = await catq(['run', '--skip-bad-lines', '--items', file, 'brand = "Acme"']);
    expect(skipped.code).toBe(0);
    expect(ndjson(skipped.stdout).map((i) => (i as { id: number }).id)).toEqual([1, 3]);
    expect(skipped.stderr).toMatch(/bad-utf8\.ndjson:2: is not valid UTF-8/);
  });

  it('a line split across read chunks is read whole (multi-byte characters included)', async () => {
    const big = JSON.stringify({ id: 5, brand: 'Acme', title: 'é😀'.repeat(400_000) });
    const file = writeTemp(dir, 'split.ndjson', [good(1), big, good(2)].join('\n'));
    const r = await catq(['run', '--items', file, 'brand = "Acme"']);
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout).map((i) => (i as { id: number }).id)).toEqual([1, 5, 2]);
  });

  it('an item whose id is "" is not listed; one with a lone surrogate is, exit 0', async () => {
    const file = writeTemp(dir, 'ids.ndjson', [good(''), good('\ud800'), good('a')].join('\n'));
    const r = await catq(['run', '--output', 'listed', '--items', file, 'brand = "Acme"']);
    expect(r.code).toBe(0);
    const listed = ndjson(r.stdout) as { Id: string; Uri: string }[];
    expect(listed.map((i) => i.Id)).toEqual(['\ud800', 'a']);
    expect(listed[0]?.Uri).toMatch(/%EF%BF%BD$/);
  });
});

describe('documented exit statuses', () => {
  it("compile --table '' is a usage error, exit 2", async () => {
    const r = await catq(['compile', '--to', 'sql', '--table', '', 'brand = "Acme"']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/table/);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('compile --column "" and a bad --dialect are usage errors, exit 2', async () => {
    expect((await catq(['compile', '--to', 'sql', '--column', '', 'brand = "Acme"'])).code).toBe(2);
    expect((await catq(['compile', '--to', 'sql', '--dialect', 'oracle', 'brand = "Acme"'])).code).toBe(2);
  });

  it('--max-line-bytes must be a positive whole number', async () => {
    const r = await catq(['run', '--max-line-bytes', 'lots', 'brand = "Acme"']);
    expect(r.code).toBe(2);
  });
});
