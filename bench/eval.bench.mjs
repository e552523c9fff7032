// Evaluator speed: the compiled catq predicate over 100,000 generated raw items, side by side in
// one run with a hand-written JavaScript filter for the same query (the floor) and the peers on
// the equivalent filter (mingo, sift, @ucast/mongo2js, liqe). Prints one table per query and the
// geometric means of the ratios to the hand-written filter.
//   npx tsup --out-dir .build/eval --no-dts && CATQ_DIST=$PWD/.build/eval/ node bench/eval.bench.mjs
// Env: TIME (ms per task, default 300), ONLY (substring of query names).
import { Query as MingoQuery } from 'mingo';
import sift from 'sift';
import { guard } from '@ucast/mongo2js';
import { parse as liqeParse, test as liqeTest } from 'liqe';
import { compare, geomean, distUrl } from './lib.mjs';


const dist = distUrl();
const catq = await import(new URL('eval.js', dist).href);
const { decode } = await import(new URL('wire.js', dist).href);
const TIME = Number(process.env.TIME ?? 300);

import { EVAL_QUERIES as QUERIES, evalCatalog as catalog, makeItems } from './workloads.mjs';
const items = makeItems(100_000);

// Each contender gets its own loop function with its own call-site feedback, so no contender pays
// for another's polymorphism. The source text must differ per loop: V8 caches `new Function` by
// source, and identical loops would share feedback (the first contender measured would be the
// only one whose call gets inlined).
let loops = 0;
const loop = (fn) =>
  new Function('fn', 'items', `/* loop ${loops++} */ return () => { let n = 0; for (let i = 0; i < items.length; i++) if (fn(items[i])) n++; return n; };`)(fn, items);
const count = (fn) => items.reduce((n, it) => n + (fn(it) ? 1 : 0), 0);

const only = process.env.ONLY;
const ratios = { catq: [], closure: [], mingo: [], sift: [], ucast: [], liqe: [] };
const summary = [];
for (const [name, wire, hand, mongo, liqe] of QUERIES) {
  if (only && !name.includes(only)) continue;
  const { query, diagnostics } = decode(wire);
  if (!query) throw new Error(`${name}: ${JSON.stringify(diagnostics)}`);
  const compiled = catq.compile(query, catalog);
  const closure = catq.compile(query, catalog, { mode: 'closure' });
  const mq = new MingoQuery(mongo);
  const contenders = {
    hand,
    catq: compiled,
    closure,
    mingo: (o) => mq.test(o),
    sift: sift(mongo),
    ucast: guard(mongo),
    ...(liqe ? { liqe: ((ast) => (o) => liqeTest(ast, o))(liqeParse(liqe)) } : {}), // null: no equivalent in LQL
    // Peers get an equivalent filter as close as their language allows (liqe has no exact word
    // match or existence test); their match counts are printed and may differ slightly.
  };
  const counts = Object.fromEntries(Object.entries(contenders).map(([k, f]) => [k, count(f)]));
  if (counts.catq !== counts.hand || counts.closure !== counts.hand) throw new Error(`${name}: catq ${counts.catq} / closure ${counts.closure} vs hand ${counts.hand}`);
  const entries = Object.entries(contenders).map(([k, f]) => [k, loop(f)]);
  if (process.env.REVERSE) entries.reverse(); // to check that task order does not bias the ratios
  const tasks = Object.fromEntries(entries);
  const means = await compare(`${name}  (matches: ${JSON.stringify(counts)})`, tasks, { baseline: 'hand', time: TIME, warmupTime: 100 });
  const row = { query: name };
  for (const k of Object.keys(ratios)) {
    if (means[k] === undefined) continue;
    const r = means[k] / means.hand;
    ratios[k].push(r);
    row[k] = +r.toFixed(2);
  }
  row['catq < every peer'] = ['mingo', 'sift', 'ucast', 'liqe'].every((p) => means[p] === undefined || means.catq < means[p]);
  summary.push(row);
}
console.log('\nRatios to the hand-written filter (lower is better):');
console.table(summary);
console.log('Geometric means (x hand-written):');
console.table(Object.fromEntries(Object.entries(ratios).filter(([, xs]) => xs.length).map(([k, xs]) => [k, { geomean: +geomean(xs).toFixed(3), worst: +Math.max(...xs).toFixed(2), queries: xs.length }])));
