import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// `catq/codemirror` is built for browsers: it must import no Node built-in (catq's lazy
// createRequire loads are static imports there), only its peers and catq's own dependencies;
// and no other entry may load CodeMirror. `npm test` builds dist/ first.
const dist = join(__dirname, '..', '..', 'dist');

/** The bare module specifiers a built ESM file imports. */
function bareImports(file: string): string[] {
  const text = readFileSync(join(dist, file), 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*["']([^"'.][^"']*)["']/gm)) found.add(m[1] as string);
  for (const m of text.matchAll(/^\s*import\s*["']([^"'.][^"']*)["']/gm)) found.add(m[1] as string);
  return [...found].sort();
}

describe('catq/codemirror entry', () => {
  it('imports only CodeMirror and fastest-levenshtein (Chevrotain and jsonc-parser\'s parser are bundled in)', () => {
    // jsonc-parser's parser module is bundled in (its own imports need a bundler; see tsup.config.ts).
    expect(bareImports('codemirror.js')).toEqual(['@codemirror/autocomplete', '@codemirror/language', '@codemirror/lint', '@codemirror/view', 'fastest-levenshtein']);
  });

  it('bundles for the browser with no Node built-in', async () => {
    const r = await build({
      entryPoints: [join(dist, 'codemirror.js')],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      external: ['@codemirror/*', '@lezer/*'],
      logLevel: 'silent',
    });
    expect(r.errors).toEqual([]);
    expect(r.outputFiles[0]!.text).not.toMatch(/["']node:/);
  });

  it('works from ESM and CommonJS: an editor state with the extension', async () => {
    const catalog = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'catalog.json'), 'utf8'));
    const require = createRequire(__filename);
    // Each with its own copy of @codemirror/state (CodeMirror's ESM and CJS builds are two packages to instanceof).
    const esm = { ...(await import(pathToFileURL(join(dist, 'codemirror.js')).href)), EditorState: (await import('@codemirror/state')).EditorState };
    const cjs = { ...require(join(dist, 'codemirror.cjs')), EditorState: require('@codemirror/state').EditorState };
    for (const m of [esm, cjs]) {
      const { EditorState } = m;
      const state = EditorState.create({ doc: 'brnd = 1', extensions: [m.catq({ catalog })] });
      expect(m.lintState(state, catalog).diagnostics.map((d: { source: string }) => d.source)).toEqual(['schema/unknown-field']);
    }
  });

  for (const entry of ['index.js', 'wire.js', 'syntax.js', 'eval.js', 'sql.js', 'mongo.js', 'cli.js']) {
    it(`${entry} does not import CodeMirror`, () => {
      expect(bareImports(entry).filter((s) => s.startsWith('@codemirror/') || s.startsWith('@lezer/'))).toEqual([]);
    });
  }
});
