import { describe, expect, it } from 'vitest';
import { catq, hasStackTrace } from './helpers.js';

describe('catq (general)', () => {
  it('--help documents every command and the exit statuses', async () => {
    const r = await catq(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['lint', 'fmt', 'convert', 'compile', 'run', 'explain', 'preflight']) expect(r.stdout).toContain(c);
    expect(r.stdout).toMatch(/Exit status/);
  });

  it('--version prints the package version', async () => {
    const { readFileSync } = await import('node:fs');
    const { ROOT } = await import('./helpers.js');
    const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string };
    const r = await catq(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('unknown commands and options are usage errors (exit 2) with a suggestion', async () => {
    const cmd = await catq(['lnt', 'x']);
    expect(cmd.code).toBe(2);
    expect(cmd.stderr).toMatch(/lint/);
    const opt = await catq(['lint', '--catalgo', 'x.json', 'x']);
    expect(opt.code).toBe(2);
    expect(opt.stderr).toMatch(/--catalog/);
  });

  it('no command at all is a usage error', async () => {
    const r = await catq([]);
    expect(r.code).toBe(2);
  });

  it('colours: none with NO_COLOR or on a pipe; FORCE_COLOR turns them on; --no-color wins', async () => {
    const text = 'price < "20"';
    const esc = /\u001b\[/;
    expect((await catq(['lint', text])).stdout).not.toMatch(esc);
    expect((await catq(['lint', text], { env: { NO_COLOR: undefined } })).stdout).not.toMatch(esc);
    expect((await catq(['lint', text], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } })).stdout).toMatch(esc);
    expect((await catq(['lint', text], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } })).stdout).not.toMatch(esc);
    expect((await catq(['lint', '--no-color', text], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } })).stdout).not.toMatch(esc);
  });

  it('user errors never print a stack trace', async () => {
    const runs = await Promise.all([
      catq(['lint', '--catalog', '/nonexistent/catalog.json', 'x = 1']),
      catq(['run', '--items', '/nonexistent/items.ndjson', '[]']),
      catq(['fmt'], { input: '' }),
      catq(['lint', '[[[']),
      catq(['run', '--limit', '-1', '[]']),
    ]);
    for (const r of runs) {
      expect(r.code === 1 || r.code === 2).toBe(true);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.stderr).not.toMatch(/internal error/);
    }
  });
});

// Audit (CLI) item 7: a write error on standard output other than a closed pipe was an uncaught
// exception (a stack trace, exit 1: the status of a query with errors).
describe('standard output that cannot be written', () => {
  it.runIf(process.platform === 'linux')('> /dev/full: one line naming the error, exit 2, for commands and --help', async () => {
    const { spawnSync } = await import('node:child_process');
    const { closeSync, openSync } = await import('node:fs');
    const { CLI, ROOT } = await import('./helpers.js');
    const fd = openSync('/dev/full', 'w');
    try {
      for (const args of [['fmt', 'brand = 1'], ['run', 'price > 0', '--limit', '5'], ['--help']]) {
        const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', fd, 'pipe'], env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' });
        expect(r.status).toBe(2);
        expect(r.stderr).toBe('catq: error: cannot write to standard output (ENOSPC: no space left on device, write).\n');
      }
    } finally {
      closeSync(fd);
    }
  });
});
