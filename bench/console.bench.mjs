// The console's first load (issue 22: at most 300 KB transferred, compressed). The console is
// built as `npm run build` builds it (minified, fingerprinted, precompressed by the build) into
// .build/console-bench; what a browser transfers on the first visit is index.html and the one
// script, as the service sends them: brotli when the browser accepts it (every current browser
// does over HTTP), else gzip. Reported as ratios to the budget, by package too.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildConsole } from '../packages/playground/build.mjs';

const BUDGET_KB = 300;
const out = fileURLToPath(new URL('../.build/console-bench/', import.meta.url));
const { html, js, metafile } = await buildConsole({ out });
const kb = (file) => statSync(file).size / 1024;
const rows = [html, js].map((file) => ({ file: file.slice(out.length), 'KB min': +kb(file).toFixed(1), 'KB br': +kb(file + '.br').toFixed(1), 'KB gzip-9': +kb(file + '.gz').toFixed(1) }));
const total = (col) => +rows.reduce((n, r) => n + r[col], 0).toFixed(1);
const first = { file: 'first load (both)', 'KB min': total('KB min'), 'KB br': total('KB br'), 'KB gzip-9': total('KB gzip-9') };
rows.push(first);
console.log(`console first load (budget ${BUDGET_KB} KB transferred); x budget: br ${(first['KB br'] / BUDGET_KB).toFixed(2)}, gzip ${(first['KB gzip-9'] / BUDGET_KB).toFixed(2)}`);
console.table(rows);
const groups = {};
for (const [file, info] of Object.entries(Object.values(metafile.outputs)[0].inputs)) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  const name = m ? (m[1].startsWith('@codemirror/') || m[1].startsWith('@lezer/') ? 'CodeMirror + Lezer' : m[1].startsWith('@chevrotain/') ? 'chevrotain' : m[1]) : file.includes('packages/playground/') ? 'the console (packages/playground/src)' : 'catq (src/)';
  groups[name] = (groups[name] ?? 0) + info.bytesInOutput;
}
console.log('console bundle by package, minified bytes');
console.table(Object.entries(groups).sort((a, b) => b[1] - a[1]).map(([part, bytes]) => ({ part, 'KB min': +(bytes / 1024).toFixed(1) })));
if (readFileSync(html, 'utf8').includes('application/json')) throw new Error('the console page must not embed data');
