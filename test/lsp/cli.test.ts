import { describe, expect, test } from 'vitest';
import { catq } from '../cli/helpers.js';
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
});
