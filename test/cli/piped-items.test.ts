import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/eval/index.js';
import { lint } from '../../src/editor/syntax-entry.js';
import { CLI, ROOT, ndjson, sampleCatalog, sampleItems, tempDir, writeTemp, type Run } from './helpers.js';

// `cat items.ndjson | catq run 'q'` reads the piped items, as grep would: standard input is read
// when it is a pipe or a redirected file and does not carry the query. A terminal, /dev/null or
// a socket (what a parent process opens by default, and what the other CLI tests use) is not
// read, and the sample is used. These tests give the CLI real pipes, files and /dev/null.

const catalog = sampleCatalog();
const query = 'brand = "Acme"';
const mine = [
  { id: 1, brand: 'Acme', title: 'one' },
  { id: 2, brand: 'Other', title: 'two' },
  { id: 3, brand: 'Acme', title: 'three' },
];
const lines = mine.map((i) => JSON.stringify(i)).join('\n') + '\n';
const dir = tempDir();
const file = writeTemp(dir, 'mine.ndjson', lines);

function sampleMatches(text: string): unknown[] {
  const q = lint(text, catalog).query;
  if (!q) throw new Error('test query is not valid');
  const p = compile(q, catalog);
  return sampleItems().filter((i) => p(i));
}

/** Runs `sh -c script` with a shell function `catq` that runs the CLI: a real pipeline or redirection. */
function shell(script: string, stdin: 'ignore' | number = 'ignore'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', `catq() { "$CATQ_NODE" "$CATQ_CLI" "$@"; }\n${script}`], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', CATQ_NODE: process.execPath, CATQ_CLI: CLI },
      stdio: [stdin, 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

describe('items piped into standard input', () => {
  it('run reads the items of a pipe, not the sample', async () => {
    const r = await shell(`cat '${file}' | catq run '${query}'`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toEqual([mine[0], mine[2]]);
  });

  it('run reads a file redirected into standard input, gzip too', async () => {
    const r = await shell(`catq run '${query}' < '${file}'`);
    expect(ndjson(r.stdout)).toEqual([mine[0], mine[2]]);
    const z = await shell(`gzip -c '${file}' | catq run --limit 1 '${query}'`);
    expect(z.code).toBe(0);
    expect(ndjson(z.stdout)).toEqual([mine[0]]);
  });

  it('an empty pipe is no items: nothing matches, and the sample is not read instead', async () => {
    const r = await shell(`printf '' | catq run '${query}'`);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });

  it('standard input given as a file descriptor of a regular file (not through a shell) is read too', async () => {
    const fd = openSync(file, 'r');
    try {
      const r = await shell(`catq run '${query}'`, fd);
      expect(ndjson(r.stdout)).toEqual([mine[0], mine[2]]);
    } finally {
      closeSync(fd);
    }
  });

  it('with nothing piped (/dev/null, or a closed socket from a parent process) the sample is used', async () => {
    const expected = sampleMatches(query);
    expect(expected.length).toBeGreaterThan(2);
    const devNull = await shell(`catq run '${query}' < /dev/null`);
    expect(ndjson(devNull.stdout)).toEqual(expected);
    const ignored = await shell(`catq run '${query}'`, 'ignore');
    expect(ndjson(ignored.stdout)).toEqual(expected);
  });

  it('a query on standard input keeps the items of the sample (standard input carries the query)', async () => {
    const r = await shell(`printf '%s' '${query}' | catq run`);
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toEqual(sampleMatches(query));
  });

  it('--items names a file even when something is piped', async () => {
    const other = writeTemp(dir, 'other.ndjson', JSON.stringify({ id: 9, brand: 'Acme' }) + '\n');
    const r = await shell(`cat '${file}' | catq run --items '${other}' '${query}'`);
    expect(ndjson(r.stdout)).toEqual([{ id: 9, brand: 'Acme' }]);
  });

  it('explain looks the id up in the piped items and names them when it is missing', async () => {
    const found = await shell(`cat '${file}' | catq explain --id 3 '${query}'`);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain('three');
    const missing = await shell(`cat '${file}' | catq explain --id 7 '${query}'`);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no item has the id "7" in "<stdin>" (3 items read');
    expect(missing.stderr).toContain('the items on standard input');
  });

  it('preflight counts the piped items', async () => {
    const r = await shell(`cat '${file}' | catq preflight '${query}'`);
    expect(r.stdout).toContain('2 of 3 items match');
    expect(r.stdout).toContain('in <stdin>');
  });

  it('preflight --job reads its query from the job, so piped items are counted', async () => {
    const job = writeTemp(dir, 'job.json', JSON.stringify({ Task: 'create-ads-from-product-query', Parameters: { CatalogId: catalog.Id, ItemType: 'product', q: encodeURIComponent(JSON.stringify([['brand', 'Acme']])) } }));
    const r = await shell(`cat '${file}' | catq preflight --job '${job}'`);
    expect(r.stdout).toContain('2 of 3 items match');
  });
});
