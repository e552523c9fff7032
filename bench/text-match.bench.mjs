// Text matching under hostile queries (issue: bounded cost on untrusted paths), before and after,
// side by side: the evaluator's cost per item for ordinary queries and for queries with very long
// words or phrases, and the size of the PostgreSQL parameters those queries bind.
//   npx tsup --out-dir .build/after --no-dts
//   CATQ_DIST=$PWD/.build/after/ CATQ_BASELINE_DIST=$PWD/.build/before/ node bench/text-match.bench.mjs
// CATQ_BASELINE_DIST (optional): a build to compare with (e.g. the commit before the change).
// Env: TIME (ms per task, default 300).
import { pathToFileURL } from 'node:url';
import { compare, distUrl } from './lib.mjs';

const TIME = Number(process.env.TIME ?? 300);
const after = distUrl();
const baselineGiven = process.env.CATQ_BASELINE_DIST;
const before = baselineGiven ? (/^[a-z]+:\/\//i.test(baselineGiven) ? baselineGiven : pathToFileURL(baselineGiven.endsWith('/') ? baselineGiven : baselineGiven + '/').href) : undefined;

const builds = { after: await load(after), ...(before ? { before: await load(before) } : {}) };
async function load(url) {
  const evalMod = await import(new URL('eval.js', url).href);
  const ast = await import(new URL('index.js', url).href);
  const sql = await import(new URL('sql.js', url).href);
  return { compile: evalMod.compile, query: ast.query, clause: ast.clause, toSql: sql.toSql };
}

const catalog = {
  Id: 1000,
  Name: 'bench',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
};

// 1,000 items: product titles of 8-16 words (about 60-120 characters), some with a long token.
let seed = 0x5eed;
const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const WORDS = ['red', 'blue', 'shoe', 'running', 'trail', 'boot', 'light', 'classic', 'café', 'Émile', 'x200', 'pro', 'leather', 'canvas', 'kids', 'ΣΟΦΙΑ'];
const items = Array.from({ length: 1000 }, (_, id) => {
  const n = 8 + Math.floor(rnd() * 9);
  const words = Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
  if (id % 50 === 0) words.push('a'.repeat(2000));
  return { id, title: words.join(' ') };
});

const long = (n) => 'ab'.repeat(n).slice(0, n);
const phrase = (k) => Array.from({ length: k }, (_, i) => WORDS[i % WORDS.length]).join(' ');
// [name, operator, value, items per call]: the slow old cases run on fewer items per call.
const CASES = [
  ['matches "red shoe" (ordinary)', 'matches', 'red shoe', 1000],
  ['matches 3 words, one non-ASCII (ordinary)', 'matches', 'red café trail', 1000],
  ['matches-phrase "red running shoe" (ordinary)', 'matches-phrase', 'red running shoe', 1000],
  ['matches one 16,000-letter word', 'matches', long(16000), 20],
  ['matches one 2,000-letter word (some items hold it)', 'matches', 'a'.repeat(2000), 100],
  ['matches 1,000 words', 'matches', phrase(1000), 100],
  ['matches-phrase of 2,000 words', 'matches-phrase', phrase(2000), 20],
  ['matches-phrase of 40 words', 'matches-phrase', phrase(40), 1000],
  // The worst cases the default limits let through (100 words, 100 letters a word, 2,000 in all).
  ['within limits: matches one 100-letter word', 'matches', long(100), 1000],
  ['within limits: matches 100 words of 20 letters', 'matches', Array.from({ length: 100 }, (_, i) => long(19) + String.fromCharCode(97 + (i % 26))).join(' '), 1000],
  ['within limits: matches-phrase 100 words of 20 letters', 'matches-phrase', Array.from({ length: 100 }, (_, i) => long(19) + String.fromCharCode(97 + (i % 26))).join(' '), 1000],
];
// The hostile cases are beyond the default limits (docs/limits.md): lifted here to measure the
// matchers themselves. An older build ignores the option.
const NO_LIMITS = { limits: { maxTokenLength: Infinity, maxTokens: Infinity, maxPatternSize: Infinity } };

const perItem = {};
for (const [name, op, value, count] of CASES) {
  const sample = items.slice(0, count);
  const tasks = {};
  for (const [label, b] of Object.entries(builds)) {
    const p = b.compile(b.query([b.clause(op, 'title', value)]), catalog, NO_LIMITS);
    tasks[label] = () => {
      let n = 0;
      for (const it of sample) if (p(it)) n++;
      return n;
    };
  }
  const means = await compare(`evaluator, ${name}: ${count} items per call`, tasks, { baseline: before ? 'before' : 'after', time: TIME, iterations: 3, warmupIterations: 1 });
  perItem[name] = Object.fromEntries(Object.entries(means).map(([k, ms]) => [k, +((ms * 1000) / count).toFixed(3)]));
}
console.log('\nevaluator: µs per item');
console.table(perItem);

// The PostgreSQL statement's bound parameters (bytes) and compile time for long phrases.
const sizes = {};
for (const k of [1, 10, 100, 1000]) {
  const row = {};
  for (const [label, b] of Object.entries(builds)) {
    const t0 = performance.now();
    const s = b.toSql(b.query([b.clause('matches-phrase', 'title', phrase(k))]), catalog, { dialect: 'postgres', ...NO_LIMITS });
    row[`${label} ms`] = +(performance.now() - t0).toFixed(2);
    row[`${label} param KB`] = +(s.params.reduce((n, p) => n + Buffer.byteLength(String(p), 'utf8'), 0) / 1024).toFixed(1);
  }
  sizes[`matches-phrase of ${k} words`] = row;
}
console.log('\nPostgreSQL toSql: bound parameter size and compile time (first call, cold cache for each phrase)');
console.table(sizes);
