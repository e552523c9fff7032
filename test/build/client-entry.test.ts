import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `catq/client` is its own entry (ESM and CommonJS), resolved through the package's exports
// map, and it depends on nothing but the platform (`fetch`) and catq's own code: no server,
// driver or browser toolkit, and the infix parser's engine only on first use. `npm test`
// builds dist/ first.
const dist = join(__dirname, '..', '..', 'dist');

describe('catq/client entry', () => {
  it('is built in both formats with types', () => {
    for (const f of ['client.js', 'client.cjs', 'client.d.ts', 'client.d.cts']) expect(existsSync(join(dist, f)), f).toBe(true);
  });

  it('imports nothing but the error-path helpers loader (never the infix parser)', () => {
    const text = readFileSync(join(dist, 'client.js'), 'utf8');
    const staticImports = [...text.matchAll(/^\s*import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]);
    expect(staticImports).toEqual(['#catq/load-helpers']);
    expect(text).not.toMatch(/chevrotain|\brequire\(/);
  });

  it('resolves as catq/client from ESM and CommonJS', async () => {
    // Through a variable: the type checker runs before the build, when dist/ has no client.d.ts yet.
    const entry: string = 'catq/client';
    const esm = (await import(entry)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)('catq/client') as Record<string, unknown>;
    for (const m of [esm, cjs]) {
      expect(typeof m.createClient).toBe('function');
      expect(typeof m.CatalogApiError).toBe('function');
    }
  });
});
