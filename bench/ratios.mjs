// The ratios the library's speed is judged by, measured side by side in one process:
//   decode / floor, decode + validate / floor    (floor: JSON.parse(decodeURIComponent(q)))
//   parse / floor                                 (floor: JSON.parse of the same query's wire text)
//   compiled predicate / hand-written filter      (geometric mean and worst over the eval queries)
// with the peers (liqe for parse; mingo, sift, @ucast, liqe for the predicates).
// Each ratio is the median over rounds of (contender batch) / (mean of the baseline batches run
// just before and just after it), batches timed in CPU time of the process: other jobs on the
// machine take cores away, not CPU time, and what load does to caches hits both sides alike.
// Used by ratios.bench.mjs (npm run bench) and check.mjs (npm run bench:check).
import { Query as MingoQuery } from 'mingo';
import sift from 'sift';
import { guard } from '@ucast/mongo2js';
import { parse as liqeParse, test as liqeTest } from 'liqe';
import { distUrl, geomean } from './lib.mjs';
import { DECODE_QUERIES, decodeCatalog, EVAL_QUERIES, evalCatalog, makeItems, PARSE_QUERIES } from './workloads.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * CPU time (ms) of `n` calls: the process's own CPU time, not the wall clock, so that time
 * spent waiting for a core on a loaded machine (other jobs) does not count. It includes the
 * process's helper threads (garbage collection, compilation), which is cost the calls cause.
 */
function timeBatch(fn, n) {
  const t = process.cpuUsage();
  for (let i = 0; i < n; i++) fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

/** Calls per batch so that one batch of `fn` takes about `ms`. */
function calibrate(fn, ms) {
  let n = 1;
  for (;;) {
    const t = timeBatch(fn, n);
    if (t >= ms / 4 || n >= 1 << 20) return Math.max(1, Math.round((n * ms) / Math.max(t, 0.01)));
    n *= 4;
  }
}

/**
 * The ratio of each contender to `base`: the median over `rounds` rounds. `contenders` is
 * { name: fn }; returns { name: ratio }.
 */
export function sideBySide(base, contenders, { rounds, batchMs, warmMs = 8 * batchMs }) {
  // Warm up (the optimising compiler) before calibrating: a cold batch is many times slower.
  for (const f of [base, ...Object.values(contenders)]) {
    let spent = 0;
    while (spent < warmMs) spent += timeBatch(f, 16);
  }
  const nBase = calibrate(base, batchMs);
  const n = Object.fromEntries(Object.entries(contenders).map(([k, f]) => [k, calibrate(f, batchMs)]));
  const per = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    for (const [k, f] of Object.entries(contenders)) {
      const b1 = timeBatch(base, nBase) / nBase;
      const t = timeBatch(f, n[k]) / n[k];
      const b2 = timeBatch(base, nBase) / nBase;
      per[k].push(t / ((b1 + b2) / 2));
    }
  }
  return Object.fromEntries(Object.entries(per).map(([k, xs]) => [k, median(xs)]));
}

/**
 * Measures every ratio. `quick` uses fewer items and rounds (the regression check).
 * Returns { ratios: { name: number }, peers: { name: number }, perQuery: [...] }.
 */
export async function measureRatios({ quick = false, log = () => {} } = {}) {
  const dist = distUrl();
  const catq = await import(new URL('index.js', dist).href);
  const rounds = quick ? 9 : 15;
  const batchMs = quick ? 15 : 40;
  let sink = 0;

  // decode (+ validate)
  const checked = catq.loadCatalog(decodeCatalog).catalog;
  for (const q of DECODE_QUERIES) {
    const r = catq.decode(q);
    if (!r.query || catq.validate(r.query, checked).some((d) => d.severity === 'error')) throw new Error(`bench query is not valid: ${q}`);
  }
  log('decode');
  const dec = sideBySide(
    () => { for (const q of DECODE_QUERIES) sink += JSON.parse(decodeURIComponent(q)).length; },
    {
      decode: () => { for (const q of DECODE_QUERIES) sink += catq.decode(q).query.clauses.length; },
      'decode + validate': () => { for (const q of DECODE_QUERIES) sink += catq.validate(catq.decode(q).query, checked).length; },
    },
    { rounds, batchMs },
  );

  // parse
  const infix = PARSE_QUERIES.map(([i]) => i);
  const liqe = PARSE_QUERIES.map(([, l]) => l);
  const toWire = (q) => JSON.stringify(q.clauses.map((c) => (c.operator === '=' ? [c.field, c.value] : [[c.operator, c.field], c.value])));
  const wire = infix.map((t) => {
    const r = catq.parse(t);
    if (!r.query) throw new Error(`bench query does not parse: ${t}`);
    return toWire(r.query);
  });
  log('parse');
  const par = sideBySide(
    () => { for (const w of wire) sink += JSON.parse(w).length; },
    {
      parse: () => { for (const t of infix) sink += catq.parse(t).diagnostics.length; },
      liqe: () => { for (const l of liqe) sink += liqeParse(l) ? 1 : 0; },
    },
    { rounds, batchMs },
  );

  // compiled predicates
  const items = makeItems(quick ? 20_000 : 100_000);
  let loops = 0;
  // One loop function per contender (distinct source, so V8 does not share their call feedback).
  const loop = (fn) =>
    new Function('fn', 'items', `/* ratios loop ${loops++} */ return () => { let n = 0; for (let i = 0; i < items.length; i++) if (fn(items[i])) n++; return n; };`)(fn, items);
  const perQuery = [];
  const predicate = [];
  const peerRatios = { mingo: [], sift: [], ucast: [], liqe: [] };
  for (const [name, q, hand, mongo, liqeQ] of EVAL_QUERIES) {
    log(`eval: ${name}`);
    const compiled = catq.compile(catq.decode(q).query, evalCatalog);
    const mq = new MingoQuery(mongo);
    const contenders = {
      catq: loop(compiled),
      ...(quick ? {} : { mingo: loop((o) => mq.test(o)), sift: loop(sift(mongo)), ucast: loop(guard(mongo)) }),
      ...(!quick && liqeQ ? { liqe: loop(((ast) => (o) => liqeTest(ast, o))(liqeParse(liqeQ))) } : {}),
    };
    const base = loop(hand);
    if (contenders.catq() !== base()) throw new Error(`${name}: catq and the hand-written filter disagree`);
    const r = sideBySide(base, contenders, { rounds, batchMs });
    predicate.push(r.catq);
    for (const p of Object.keys(peerRatios)) if (r[p] !== undefined) peerRatios[p].push(r[p]);
    perQuery.push({ query: name, ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, +v.toFixed(2)])) });
  }
  if (sink === 0.5) console.log(sink);
  const ratios = {
    'decode / floor': dec.decode,
    'decode + validate / floor': dec['decode + validate'],
    'parse / floor': par.parse,
    'predicate / hand-written (geomean)': geomean(predicate),
    'predicate / hand-written (worst)': Math.max(...predicate),
  };
  const peers = { 'liqe parse / floor': par.liqe };
  for (const [p, xs] of Object.entries(peerRatios)) if (xs.length) peers[`${p} predicate / hand-written (geomean)`] = geomean(xs);
  return { ratios, peers, perQuery };
}

/** The goals of issue 20 for each ratio. */
export const GOALS = {
  'decode / floor': undefined,
  'decode + validate / floor': 2.5,
  'parse / floor': 4,
  'predicate / hand-written (geomean)': 0.9,
  'predicate / hand-written (worst)': 1.3,
};
