/**
 * The size of an application that imports only `catq/client`, or only `catq/builder`, bundled for
 * a browser (esbuild `--bundle --platform=browser --minify`, the package's default condition) and
 * gzipped at level 9: each must stay under a generous bound, and must not carry what was cut out
 * of it (the infix parser; jsonc-parser's main module with its formatter and editor). The sizes
 * are printed and written to test-artifacts/bundles/sizes.json; docs/api.md quotes them.
 * `npm test` builds dist/ first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..', '..');
const artifacts = join(root, 'test-artifacts', 'bundles');

/** Each app uses what a real one would: the entry's main function and the errors it throws. */
const APPS = {
  'catq/client': {
    source: `import { createClient, CatalogApiError, isQueryError } from 'catq/client';
export { createClient, CatalogApiError, isQueryError };`,
    // Measured 28.8 KB (the goal is 15 KB, see docs/api.md); the bound leaves room for fixes, not for a new dependency.
    maxGzipped: 33 * 1024,
  },
  'catq/builder': {
    source: `import { queryBuilder, isQueryError } from 'catq/builder';
export { queryBuilder, isQueryError };`,
    // Measured 19.5 KB (the goal is 20 KB).
    maxGzipped: 22 * 1024,
  },
} as const;

/** Files of these packages must not be in either bundle. */
const CUT = /chevrotain|load[\\/]chevrotain|dist[\\/](index|syntax)\.js$|jsonc-parser[\\/]lib[\\/]esm[\\/](main|impl[\\/](format|edit))\.js$/;

interface Measured {
  readonly minified: number;
  readonly gzipped: number;
  readonly inputs: string[];
}

async function measure(source: string): Promise<Measured> {
  const r = await build({
    stdin: { contents: source, resolveDir: root, sourcefile: 'app.mjs' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const js = r.outputFiles[0]?.contents ?? new Uint8Array();
  const inputs = Object.values(r.metafile.outputs).flatMap((o) => Object.entries(o.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([f]) => relative(root, resolve(root, f))));
  return { minified: js.length, gzipped: gzipSync(js, { level: 9 }).length, inputs };
}

describe('bundle size of an app using one entry (esbuild, browser, minified, gzip -9)', () => {
  const sizes: Record<string, { minified: number; gzipped: number }> = {};

  for (const [entry, app] of Object.entries(APPS)) {
    it(`${entry}: at most ${(app.maxGzipped / 1024).toFixed(0)} KB gzipped, with nothing that was cut out`, async () => {
      const m = await measure(app.source);
      sizes[entry] = { minified: m.minified, gzipped: m.gzipped };
      expect(m.inputs).toContain(join('dist', `${entry.slice('catq/'.length)}.js`));
      expect(m.inputs.filter((f) => CUT.test(f))).toEqual([]);
      expect(m.gzipped).toBeLessThanOrEqual(app.maxGzipped);
    }, 60_000);
  }

  it('writes the sizes to test-artifacts/bundles/sizes.json', () => {
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(join(artifacts, 'sizes.json'), JSON.stringify(sizes, null, 2) + '\n');
    console.log(Object.entries(sizes).map(([e, s]) => `${e}: ${(s.minified / 1024).toFixed(1)} KB minified, ${(s.gzipped / 1024).toFixed(1)} KB gzipped`).join('\n'));
    expect(Object.keys(sizes)).toEqual(Object.keys(APPS));
  });
});
