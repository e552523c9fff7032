import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catq, CLI, hasStackTrace, ROOT, SAMPLE_CATALOG, tempDir, writeTemp } from './helpers.js';

// Audit (CLI) items 4, 8 and 11: invalid UTF-8 in a query on standard input, a catalog or a job
// file became U+FFFD in silence; a huge query on standard input was read whole and ended as
// "internal error"; a directory on standard input read as nothing.

describe('what catq reads is checked as bytes', () => {
  it('a query on standard input that is not UTF-8: exit 2, naming standard input and the byte', async () => {
    const r = await catq(['lint'], { input: Buffer.from('brand = "Ac\xffme"', 'latin1') });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the query on standard input is not valid UTF-8 (byte 12, 0xff)');
    expect(r.stdout).toBe('');
  });

  it('a catalog or job file that is not UTF-8: exit 2, naming the file and the byte', async () => {
    const dir = tempDir();
    const text = readFileSync(SAMPLE_CATALOG, 'latin1');
    const at = text.indexOf('"colors"') + 4;
    const catalog = writeTemp(dir, 'catalog.json', Buffer.from(text.slice(0, at) + '\xff' + text.slice(at), 'latin1'));
    const r = await catq(['lint', '--catalog', catalog, 'price < 5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the catalog file "${catalog}" is not valid UTF-8 (byte ${at + 1}, 0xff)`);
    const job = writeTemp(dir, 'job.json', Buffer.from('{"CatalogId": "\xfe"}', 'latin1'));
    const j = await catq(['preflight', '--job', job, '--catalog', SAMPLE_CATALOG]);
    expect(j.code).toBe(2);
    expect(j.stderr).toContain(`the job file "${job}" is not valid UTF-8 (byte 16, 0xfe)`);
  });

  it('a query on standard input longer than any query catq reads is refused before it is all read', async () => {
    const r = await catq(['lint'], { input: Buffer.alloc(5_000_000, 'a') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the query on standard input is longer than 300005 bytes/);
    expect(hasStackTrace(r.stderr)).toBe(false);
    // Just under the cap: read, and refused by the query's own limit.
    const under = await catq(['lint'], { input: '[' + ' '.repeat(150_000) + ']' });
    expect(under.code).toBe(1);
    expect(under.stdout).toContain('wire/too-long');
  });

  it('a directory on standard input: exit 2, for the query and for --items -', () => {
    const fd = openSync(tempDir(), 'r');
    try {
      for (const args of [['lint'], ['run', 'price < 20', '--items', '-']]) {
        const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: [fd, 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' });
        expect(r.status).toBe(2);
        expect(r.stderr).toContain('cannot read standard input: it is a directory.');
      }
    } finally {
      closeSync(fd);
    }
  });
});
