// The playground's budgets (issue 11): the page's JavaScript at most 250 KB gzip, and lint on
// a keystroke at most one 16 ms frame for a 50-clause query. Reported as ratios to the budget.
//  - size: the playground is built (minified, as `npm run build` does) into .build/playground-bench;
//    its one bundle is gzipped (level 6, what HTTP servers use) and split by package (minified bytes).
//  - keystroke: what the editor does on a keystroke: apply a one-character change to the
//    EditorState, then `lintState` (catq's `lint` + the CodeMirror diagnostics with fix actions),
//    from dist/codemirror.js; and catq's `lint` alone (dist/syntax.js) for comparison.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { EditorState } from '@codemirror/state';
import { buildPlayground } from '../packages/playground/build.mjs';
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

// 50 clauses over the sample catalog, every operator and type, with one misspelt field (a
// diagnostic with a fix, as while typing).
const TEMPLATES = [
  (i) => `price < ${100 + i}`,
  (i) => `brand one-of ["Hearth", "Tern & Hook", "B${i}"]`,
  (i) => `title matches "boot ${i}"`,
  (i) => `description matches-phrase "three-season ${i}"`,
  (i) => `tags one-of ["sale", "new", "t${i}"]`,
  (i) => `rating >= ${i % 5}`,
  (i) => `created_at >= "2020-0${1 + (i % 9)}-01"`,
  (i) => `category_path = ${400 + i}`,
  (i) => `Brand.Name present? true`,
  (i) => `sale_price <= ${i}.5`,
];
const clauses = Array.from({ length: 50 }, (_, i) => TEMPLATES[i % TEMPLATES.length](i));
clauses[25] = 'in_stok = true';
const text = clauses.join('\nand ');
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
