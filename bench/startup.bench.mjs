// Start-up cost: how much importing catq (or running the CLI) adds to a bare `node` start.
// Each contender is a fresh process, run many times; we report the median wall time and the
// difference to `node -e 0` (the budget: ~10 ms for decode/evaluation imports, ~100 ms for a
// CLI call).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { distUrl } from './lib.mjs';

// A directory path ending in / (spawned scripts and require() need paths, not URLs).
const dist = fileURLToPath(distUrl());
const runs = Number(process.env.RUNS ?? 25);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(args, input) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  }
  return median(ms);
}

const imp = (code) => ['--input-type=module', '-e', code];
const cases = {
  'node -e 0 (floor)': ['-e', '0'],
  'node, empty ES module (ESM floor)': imp('0'),
  'import catq/wire + decode': imp(`import { decode } from '${dist}wire.js'; decode('%5B%5B%22brand%22%2C%22Acme%22%5D%5D');`),
  'import catq (root) + decode': imp(`import { decode } from '${dist}index.js'; decode('%5B%5B%22brand%22%2C%22Acme%22%5D%5D');`),
  'import catq/eval + compile': imp(
    `import { compile } from '${dist}eval.js'; compile({kind:'query',clauses:[]}, {Id:100,Name:'c',Type:'Product',Aliases:{Id:'id'}});`,
  ),
  'import catq/builder + build a clause': imp(
    `import { queryBuilder } from '${dist}builder.js'; queryBuilder({Id:100,Name:'c',Type:'Product',Aliases:{Id:'id'},SearchableAttributes:[{Attribute:'id',Type:'Number',Cardinality:'One'}]}).where('id','<',3).toQ();`,
  ),
  'import catq/client + createClient': imp(`import { createClient } from '${dist}client.js'; createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' });`),
  'require catq (CJS root)': ['-e', `require('${dist}index.cjs')`],
  'import catq + parse infix (loads the parser)': imp(`import { parse } from '${dist}index.js'; parse('brand = "Acme"');`),
  'catq fmt (CLI)': [`${dist}cli.js`, 'fmt', 'brand = "Acme" and price < 20'],
  'catq lint (CLI, sample catalog)': [`${dist}cli.js`, 'lint', 'brand = "Acme" and price < 20'],
};

const floor = time(cases['node -e 0 (floor)']);
const esmFloor = time(cases['node, empty ES module (ESM floor)']);
const rows = [];
for (const [name, args] of Object.entries(cases)) {
  try {
    const ms = name.startsWith('node -e 0') ? floor : name.includes('ESM floor') ? esmFloor : time(args);
    // ES module contenders are compared with the empty ES module, CommonJS ones with `node -e 0`.
    const base = args[0] === '--input-type=module' ? esmFloor : floor;
    rows.push({ contender: name, 'median ms': +ms.toFixed(1), 'added ms': +(ms - base).toFixed(1), 'x floor': +(ms / base).toFixed(2) });
  } catch (e) {
    rows.push({ contender: name, 'median ms': NaN, 'added ms': NaN, 'x floor': NaN, error: String(e.message).slice(0, 80) });
  }
}
console.log(`start-up cost, median of ${runs} fresh processes each`);
console.table(rows);
