import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../client/support/catalog.js';

// `catq/client` is its own entry (ESM and CommonJS), resolved through the package's exports
// map, and it depends on nothing but the platform (`fetch`) and catq's own code: no server,
// driver or browser toolkit, no infix parser, and not even the wire decoder's helpers, which only
// its pre-send check (`catq/client/check`, an entry of its own) loads. `npm test` builds dist/
// first.
const dist = join(__dirname, '..', '..', 'dist');

describe('catq/client entry', () => {
  it('is built in both formats with types', () => {
    for (const f of ['client.js', 'client.cjs', 'client.d.ts', 'client.d.cts', 'client/check.js', 'client/check.cjs', 'client/check.d.ts', 'client/check.d.cts']) expect(existsSync(join(dist, f)), f).toBe(true);
  });

  const staticImports = (file: string) => [...readFileSync(join(dist, file), 'utf8').matchAll(/^\s*import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]);

  it('imports nothing; the pre-send check imports only the error-path helpers loader (never the infix parser)', () => {
    expect(staticImports('client.js')).toEqual([]);
    expect(staticImports('client/check.js')).toEqual(['#catq/load-helpers']);
    for (const file of ['client.js', 'client/check.js']) expect(readFileSync(join(dist, file), 'utf8')).not.toMatch(/chevrotain|\brequire\(/);
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

  it('resolves catq/client/check from ESM and CommonJS, and the client takes its check', async () => {
    const entry: string = 'catq/client/check';
    const esm = (await import(entry)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)('catq/client/check') as Record<string, unknown>;
    const { createClient } = (await import('catq/client' as string)) as { createClient: (o: unknown) => { listItems(id: number, kind: string, o: unknown): unknown } };
    for (const m of [esm, cjs]) {
      const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', check: m.preSendCheck, catalogs: [CATALOG] });
      expect(() => client.listItems(1042, 'product', { q: [['prce', 1]] })).toThrow(/schema\/unknown-field/);
    }
  });
});
