// The playground's budgets (issue 11): the page's JavaScript at most 250 KB gzip, and lint on
// a keystroke at most one 16 ms frame for a 50-clause query. Reported as ratios to the budget.
//  - size: the playground is built (minified, as `npm run build` does) into .build/playground-bench;
//    its one bundle is gzipped (level 6, what HTTP servers use) and split by package (minified bytes).
//  - keystroke: what the editor does on a keystroke: apply a one-character change to the
//    EditorState, then `lintState` (catq's `lint` + the CodeMirror diagnostics with fix actions),
//    from dist/codemirror.js; and catq's `lint` alone (dist/syntax.js) for comparison; then the
//    same in Chromium (bench/playground-keystroke.browser.ts, bundled from the sources).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { EditorState } from '@codemirror/state';
import { buildPlayground } from '../packages/playground/build.mjs';
import { fiftyClauses } from './fifty-clauses.mjs';
import { compare, distUrl } from './lib.mjs';

const JS_BUDGET_KB = 250;
const FRAME_MS = 16;

// --- size ---------------------------------------------------------------------------------
const out = fileURLToPath(new URL('../.build/playground-bench/', import.meta.url));
const { js, html, metafile } = await buildPlayground({ out });
const code = readFileSync(js);
const gz = gzipSync(code, { level: 6 }).length / 1024;
const groups = {};
for (const [file, info] of Object.entries(Object.values(metafile.outputs)[0].inputs)) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  const name = m ? (m[1].startsWith('@codemirror/') || m[1].startsWith('@lezer/') ? 'CodeMirror + Lezer' : m[1].startsWith('@chevrotain/') ? 'chevrotain' : m[1]) : file.includes('packages/playground/') ? 'the page (packages/playground/src)' : 'catq (src/)';
  groups[name] = (groups[name] ?? 0) + info.bytesInOutput;
}
console.log('playground bundle (playground.js), by package, minified bytes');
console.table(Object.entries(groups).sort((a, b) => b[1] - a[1]).map(([part, bytes]) => ({ part, 'KB min': +(bytes / 1024).toFixed(1) })));
const page = gzipSync(readFileSync(html), { level: 6 }).length / 1024;
console.table([
  { file: 'playground.js (all the JavaScript)', 'KB min': +(code.length / 1024).toFixed(1), 'KB gzip': +gz.toFixed(1), budget: JS_BUDGET_KB, 'x budget': +(gz / JS_BUDGET_KB).toFixed(2) },
  { file: 'index.html (page + sample data as JSON)', 'KB min': +(readFileSync(html).length / 1024).toFixed(1), 'KB gzip': +page.toFixed(1), budget: '-', 'x budget': '-' },
]);

// --- lint on a keystroke ------------------------------------------------------------------
const dist = distUrl();
const { lintState } = await import(new URL('codemirror.js', dist).href);
const { lint } = await import(new URL('syntax.js', dist).href);
const { loadCatalog } = await import(new URL('index.js', dist).href);
const { catalog } = loadCatalog(JSON.parse(readFileSync(new URL('../examples/catalog.json', import.meta.url), 'utf8')));

const text = fiftyClauses();
const base = EditorState.create({ doc: text });
if (lint(text, catalog).diagnostics.length === 0) throw new Error('the bench query should carry one diagnostic');

// Each call types one character at the end of the last string value, or deletes it again.
const at = text.lastIndexOf('"');
let state = base;
let typed = false;
let sink = 0;
const means = await compare(
  'lint on a keystroke, 50-clause query (mean per keystroke)',
  {
    'catq lint (the same text)': () => {
      sink += lint(text, catalog).diagnostics.length;
    },
    'editor keystroke: update + lintState (catq/codemirror)': () => {
      state = state.update({ changes: typed ? { from: at, to: at + 1 } : { from: at, insert: 'x' } }).state;
      typed = !typed;
      sink += lintState(state, catalog).diagnostics.length;
    },
  },
  { time: 1000, warmupTime: 300 },
);
console.table(Object.entries(means).map(([contender, ms]) => ({ contender, 'mean ms': +ms.toFixed(3), 'frame budget ms': FRAME_MS, 'x budget': +(ms / FRAME_MS).toFixed(3) })));
if (sink < 0) console.log(sink);

// --- the same keystroke in Chromium --------------------------------------------------------
// Debian's Chromium (never a downloaded browser), driven by playwright-core; skipped with a
// note when it is not installed.
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`\n(no ${CHROMIUM}: the keystroke was not measured in a browser)`);
} else {
  const { build } = await import('esbuild');
  const { chromium } = await import('playwright-core');
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./playground-keystroke.browser.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'catqKeystroke',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    alias: {
      'node:module': fileURLToPath(new URL('../src/codemirror/node-module-shim.ts', import.meta.url)),
      'node:path': fileURLToPath(new URL('../src/codemirror/node-path-shim.ts', import.meta.url)),
    },
    logLevel: 'warning',
  });
  const profile = mkdtempSync(join(tmpdir(), 'catq-bench-chromium-'));
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const r = await page.evaluate(() => globalThis.catqKeystroke.run(300));
    if (r.diagnostics === 0) throw new Error('the bench query should carry one diagnostic');
    console.log('\nlint on a keystroke in Chromium, 50-clause query (300 keystrokes after 300 warm-up)');
    console.table([
      { contender: 'catq lint (the same texts)', 'mean ms': +r.lint.mean.toFixed(3), 'p95 ms': +r.lint.p95.toFixed(3), 'frame budget ms': FRAME_MS, 'x budget (mean)': +(r.lint.mean / FRAME_MS).toFixed(3) },
      { contender: 'editor keystroke: update + lintState', 'mean ms': +r.keystroke.mean.toFixed(3), 'p95 ms': +r.keystroke.p95.toFixed(3), 'frame budget ms': FRAME_MS, 'x budget (mean)': +(r.keystroke.mean / FRAME_MS).toFixed(3) },
    ]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
