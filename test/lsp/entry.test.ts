import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../cli/helpers.js';

// The language server's dependency stays behind `catq lsp` and the `catq/lsp` entry: `import
// 'catq'` (and using its editor functions) never loads vscode-languageserver.

/** Runs an ES module snippet in a fresh node and returns what it printed. */
function run(code: string): string {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.trim();
}

const loaded = `(await import('node:module')).createRequire(import.meta.url).cache`;

describe('entries', () => {
  test('importing catq and calling lint, complete and hover loads no vscode-languageserver', () => {
    const out = run(`
      const catq = await import(${JSON.stringify(join(ROOT, 'dist', 'index.js'))});
      const catalog = catq.loadCatalog(JSON.parse((await import('node:fs')).readFileSync('examples/catalog.json', 'utf8'))).catalog;
      catq.lint('price < 1', catalog); catq.complete('price ', 6, catalog); catq.hover('price', 1, catalog);
      console.log(Object.keys(${loaded}).filter((k) => k.includes('vscode-languageserver')).length);
    `);
    expect(out).toBe('0');
  });

  test('the check itself sees vscode-languageserver once it is loaded (and the catq/lsp entry loads it only on start)', () => {
    const out = run(`
      await import(${JSON.stringify(join(ROOT, 'dist', 'lsp.js'))});
      const before = Object.keys(${loaded}).filter((k) => k.includes('vscode-languageserver')).length;
      (await import('node:module')).createRequire(import.meta.url)('vscode-languageserver/node');
      const after = Object.keys(${loaded}).filter((k) => k.includes('vscode-languageserver')).length;
      console.log(before, after > 0);
    `);
    expect(out).toBe('0 true');
  });

  test('the root bundles do not mention it at all', () => {
    for (const f of ['index.js', 'index.cjs', 'syntax.js']) expect(readFileSync(join(ROOT, 'dist', f), 'utf8')).not.toContain('vscode-languageserver');
  });
});
