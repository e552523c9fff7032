/**
 * The size of an application that imports only `catq/client`, only `catq/builder`, or the client
 * with its pre-send check (`catq/client/check`), bundled for a browser (esbuild `--bundle
 * --platform=browser --minify`, the package's default condition) and gzipped at level 9: each
 * must stay within its bound (the client's is the goal of issue 22, 15 KB), and must not carry
 * what was cut out of it (the infix parser; jsonc-parser's main module with its formatter and
 * editor; for the client alone, the wire decoder, the checker and the table of every diagnostic
 * message). The sizes are printed and written to test-artifacts/bundles/sizes.json; docs/api.md
 * quotes them. `npm test` builds dist/ first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..', '..');
const artifacts = join(root, 'test-artifacts', 'bundles');

/**
 * Each app uses what a real one would: the entry's main function and the errors it throws.
 * `absent`: text that only the code cut out of the bundle holds (here, diagnostic codes whose
 * definitions live in the table of every message, made by the wire decoder and the checker).
 */
const APPS: Record<string, { source: string; entries: readonly string[]; maxGzipped: number; absent?: readonly string[] }> = {
  'catq/client': {
    source: `import { createClient, CatalogApiError, isQueryError } from 'catq/client';
export { createClient, CatalogApiError, isQueryError };`,
    entries: ['client'],
    // The goal of issue 22 (measured 8.7 KB; 28.8 KB when the client always checked q before sending).
    maxGzipped: 15 * 1024,
    absent: ['wire/invalid-json', 'schema/unknown-field', 'catalog/missing-field'],
  },
  'catq/client + catq/client/check': {
    source: `import { createClient, CatalogApiError, isQueryError } from 'catq/client';
import { preSendCheck } from 'catq/client/check';
export { createClient, CatalogApiError, isQueryError, preSendCheck };`,
    entries: ['client', 'client/check'],
    // Measured 31.3 KB: the decoder, the checker, the catalog loader and every message, as before the split.
    // 34.0 KB by the time every public function turned a Proxy that throws into a QueryError (34.3 KB after;
    // test/hostile/every-export.test.ts): each entry bundles its own copy of those argument checks.
    // 32.9 KB once the decoder and the checker built their diagnostics from the table of their own
    // codes (src/diagnostics/core-diagnostic.ts) instead of the table of every code.
    maxGzipped: 34 * 1024,
  },
  'catq/builder': {
    source: `import { queryBuilder, isQueryError } from 'catq/builder';
export { queryBuilder, isQueryError };`,
    entries: ['builder'],
    // The goal of docs/api.md. Measured 19.8 KB, then 21.2 KB (the argument checks of every public
    // function and the changes before them), 19.7 KB once the checker, the catalog loader and the
    // value reader stopped carrying the infix parser's, the listing's and the backends' messages.
    maxGzipped: 20 * 1024,
  },
};

/** Files of these packages must not be in either bundle. */
const CUT = /chevrotain|load[\\/]chevrotain|dist[\\/](index|syntax)\.js$|jsonc-parser[\\/]lib[\\/]esm[\\/](main|impl[\\/](format|edit))\.js$/;

interface Measured {
  readonly minified: number;
  readonly gzipped: number;
  readonly inputs: string[];
  readonly text: string;
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
  return { minified: js.length, gzipped: gzipSync(js, { level: 9 }).length, inputs, text: new TextDecoder().decode(js) };
}

describe('bundle size of an app using one entry (esbuild, browser, minified, gzip -9)', () => {
  const sizes: Record<string, { minified: number; gzipped: number }> = {};

  for (const [entry, app] of Object.entries(APPS)) {
    it(`${entry}: at most ${(app.maxGzipped / 1024).toFixed(0)} KB gzipped, with nothing that was cut out`, async () => {
      const m = await measure(app.source);
      sizes[entry] = { minified: m.minified, gzipped: m.gzipped };
      for (const e of app.entries) expect(m.inputs).toContain(join('dist', `${e}.js`));
      expect(m.inputs.filter((f) => CUT.test(f))).toEqual([]);
      for (const text of app.absent ?? []) expect(m.text, text).not.toContain(text);
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
