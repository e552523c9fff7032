import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/index.js';
import { ROOT, SAMPLE_CATALOG, SAMPLE_ITEMS, tempDir } from './helpers.js';

describe('the embedded sample (examples/)', () => {
  it('the catalog loads without any diagnostic, and equals the generator\'s catalog', async () => {
    const json = JSON.parse(readFileSync(SAMPLE_CATALOG, 'utf8')) as unknown;
    expect(loadCatalog(json).diagnostics).toEqual([]);
    const gen = (await import('../../examples/generate.mjs')) as { catalog: unknown };
    expect(json).toEqual(gen.catalog);
  });

  it('items.ndjson is exactly what generate.mjs produces (seeded, deterministic)', () => {
    const out = join(tempDir(), 'items.ndjson');
    execFileSync(process.execPath, [join(ROOT, 'examples', 'generate.mjs'), '--out', out], { stdio: 'ignore' });
    expect(readFileSync(out).equals(readFileSync(SAMPLE_ITEMS))).toBe(true);
  });

  it('generate.mjs answers a bad argument with one line and status 2, never a stack trace', () => {
    const dir = tempDir();
    for (const args of [['--out', dir], ['--count', 'many'], ['--sed', '1'], ['--out']]) {
      const r = spawnSync(process.execPath, [join(ROOT, 'examples', 'generate.mjs'), ...args], { encoding: 'utf8' });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^generate: [^\n]+\n$/);
    }
  });

  it('has a few thousand products with distinct ids', () => {
    const items = readFileSync(SAMPLE_ITEMS, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: number });
    expect(items.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });
});
