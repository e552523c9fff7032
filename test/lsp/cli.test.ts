import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { catq, SAMPLE_CATALOG, SAMPLE_ITEMS, tempDir, writeTemp } from '../cli/helpers.js';
import { LspClient } from './client.js';

describe('catq lsp (command line)', () => {
  test('without --stdio: a usage error with the fix, exit 2', async () => {
    const r = await catq(['lsp']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('catq lsp --stdio');
    expect(r.stdout).toBe('');
  });

  test('a missing --catalog file: exit 2 before the server starts', async () => {
    const r = await catq(['lsp', '--stdio', '--catalog', 'no/such/catalog.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no/such/catalog.json');
  });

  test('options an editor adds (--clientProcessId) are accepted; exit without shutdown is status 1', async () => {
    const client = LspClient.start([`--clientProcessId=${process.pid}`]);
    try {
      await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      await client.notify('exit', null);
      expect(await client.exited).toBe(1);
    } finally {
      client.kill();
    }
  });

  // `catq lsp --stdio --items FILE` started the server whatever FILE held: a directory, a file
  // that is not JSON, a JSON array with a number in it, gzip... were read as no sample at all, in
  // silence (src/lsp/sources.ts skips what it cannot read). Like every command's files, the ones
  // given on the command line are now checked first: one message naming the file and the
  // problem, exit 2, and the server never starts (nothing on standard output). --catalog gets the
  // checks of every other command too (it only had "does it exist").
  describe('files given on the command line are checked before the server starts', () => {
    const dir = tempDir();
    const cases: [string, string, string, RegExp][] = [
      ['--items', 'a missing file', `${dir}/no-such.ndjson`, /cannot read the items file ".*no-such\.ndjson": there is no such file\./],
      ['--items', 'a directory', dir, /cannot read the items file ".*": it is a directory\./],
      ['--items', 'a line that is not JSON', writeTemp(dir, 'bad.ndjson', '{"id":1}\n{oops\n'), /bad\.ndjson:2:2: line 2 of the items file ".*bad\.ndjson" is not valid JSON/],
      ['--items', 'a line that is not an object', writeTemp(dir, 'num.ndjson', '{"id":1}\n5\n'), /num\.ndjson:2: line 2 of the items file .* holds the number 5, not an item/],
      ['--items', 'a JSON array that does not parse', writeTemp(dir, 'broken.json', '[{"id":1},'), /the items file ".*broken\.json" is not valid JSON: expected a value \(at .*broken\.json:1:11\)/],
      ['--items', 'a JSON array with a number in it', writeTemp(dir, 'arr.json', '[{"id":1}, 2]'), /the items file ".*arr\.json" holds the number 2 at index 1, not an item/],
      ['--items', 'a file that is not UTF-8', writeTemp(dir, 'latin1.ndjson', Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d, 0x0a])), /the items file ".*latin1\.ndjson" is not valid UTF-8 \(byte 7, 0xe9\)/],
      ['--items', 'a gzip file', writeTemp(dir, 'items.ndjson.gz', gzipSync('{"id":1}\n')), /the items file ".*items\.ndjson\.gz" is gzip-compressed/],
      ['--catalog', 'a directory', dir, /cannot read the catalog file ".*": it is a directory\./],
      ['--catalog', 'a file that is not JSON', writeTemp(dir, 'catalog.json', '{not json'), /the catalog file ".*catalog\.json" is not valid JSON: .* \(at .*catalog\.json:1:2\)/],
      ['--catalog', 'a catalog with errors', writeTemp(dir, 'wrong.json', '{"Id": 1}'), /the catalog file ".*wrong\.json" is not a valid catalog/],
    ];
    test.each(cases)('%s: %s', async (flag, _what, file, message) => {
      const r = await catq(['lsp', '--stdio', flag, file]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toMatch(/\nfix: \S/);
      expect(r.stderr).not.toMatch(/sample catalog|^\s+at /m); // no sample default in lsp, no stack trace
    });

    test('an unreadable file is named too', async () => {
      if (process.getuid?.() === 0) return; // root reads every file
      const { chmodSync } = await import('node:fs');
      const file = writeTemp(dir, 'secret.ndjson', '{"id":1}\n');
      chmodSync(file, 0o000);
      const r = await catq(['lsp', '--stdio', '--items', file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/cannot read the items file ".*secret\.ndjson": permission denied\./);
    });

    test('good files (NDJSON with a byte order mark, a JSON array, the sample) start the server', async () => {
      for (const items of [writeTemp(dir, 'bom.ndjson', '\ufeff{"id":1}\n\n{"id":2}\r\n'), writeTemp(dir, 'good.json', '[{"id":1},{"id":2}]'), writeTemp(dir, 'empty.ndjson', ''), SAMPLE_ITEMS]) {
        const client = LspClient.start(['--catalog', SAMPLE_CATALOG, '--items', items]);
        try {
          const init = (await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} })) as { serverInfo?: { name?: string } };
          expect(init.serverInfo?.name).toBe('catq');
          expect(await client.stop()).toBe(0);
          expect(client.stderr.join('')).toBe('');
        } finally {
          client.kill();
        }
      }
    });
  });
});
