// One measurement of bench/hostile.bench.mjs, run in a fresh process so that its peak memory is
// its own: node bench/hostile-cases.mjs <dist URL> <case>. Prints one JSON line
// { ms, rssMb, outcome }. Each case is one defect of issue 14 (or the worst input within the new
// default limits), measured the same way on the build before and after the fix.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [dist, name] = process.argv.slice(2);
const catq = await import(new URL('index.js', dist).href);

const catalog = catq.loadCatalog({
  Id: 100,
  Name: 'Shop',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
}).catalog;

const matchesQuery = (value, op = 'matches') => catq.decode(JSON.stringify([[[op, 'title'], value]]), { maxLength: 1e9 }).query;
const words = (n, len) => Array.from({ length: n }, (_, i) => 'w'.repeat(Math.max(1, len - String(i).length)) + String(i)).join(' ');
/** 20 distinct `matches` words of 100 letters: 2,000 characters, the default maxPatternSize. */
const worstQuery = () => catq.decode(JSON.stringify(Array.from({ length: 20 }, (_, i) => [['matches', 'title'], 'x'.repeat(99) + String.fromCharCode(97 + i)]))).query;
const title = 'Hearth ultralight boot in green, three-season trips, available in green and yellow';
const items = Array.from({ length: 1000 }, (_, i) => ({ id: i, title: `${title} ${i}` }));

const completeText = '[' + '["title","a"],'.repeat(Math.floor((10_000 - 3) / 14)) + '["';
// Found by npm run fuzz (seed 20261127): nesting that complete walked in time growing as its
// square, and closers of another kind that the parser's nesting bound did not count as such.
const deepInfix = '('.repeat(10_000);
const mixedClosers = ('a}}}}}' + '('.repeat(19) + '}'.repeat(38) + ' = 1 or b = 2').repeat(16);
const bigOneOf = catq.query([catq.clause('one-of', 'title', Array.from({ length: 1000 }, (_, i) => 'x'.repeat(87) + String(i).padStart(3, '0')))]);
/** A q of 1 000 one-of clauses of 3-digit numbers, just under the 100 000 characters of maxLength. */
const longQ = (() => {
  const clauses = Array.from({ length: 1000 }, () => [['one-of', 'id'], Array.from({ length: 20 }, (_, i) => 100 + i)]);
  let q = JSON.stringify(clauses);
  while (q.length > 100_000) q = JSON.stringify(clauses.map(([h, l]) => [h, l.slice(0, -1)]).map((c, i) => (clauses[i] = c)));
  return q;
})();
const wrongTyped = catq.decode(JSON.stringify(Array.from({ length: 49 }, () => [['one-of', 'id'], Array.from({ length: 1000 }, (_, i) => String(i))])), { maxLength: 1e6, maxListLength: 1000 }).query;
let predicate;
const predicateOf = (q) => (predicate ??= catq.compile(q, catalog));
/** The first call of `f` in this process, then the median of 30 more: `first/median ms`. */
function coldWarm(f) {
  const ts = [];
  for (let i = 0; i < 31; i++) {
    const t = performance.now();
    f();
    ts.push(performance.now() - t);
  }
  const first = ts.shift();
  ts.sort((x, y) => x - y);
  return `first/median ms: ${first.toFixed(1)}/${ts[15].toFixed(2)}`;
}

/** Each case returns a short outcome (what the call gave). */
const CASES = {
  // parse/lint on error-heavy text: quadratic before (previousEnd scan per error).
  'parse "a ".repeat(50000)': () => `${catq.parse('a '.repeat(50_000), { maxInfixLength: Infinity }).diagnostics.length} diagnostics`,
  'parse "a = = # b and " x 16000 (224 KB)': () => `${catq.parse('a = = # b and '.repeat(16_000), { maxInfixLength: Infinity }).diagnostics.length} diagnostics`,
  'lint "a ".repeat(50000), default limits': () => `${catq.lint('a '.repeat(50_000), catalog).diagnostics.map((d) => d.code).slice(0, 1)}`,
  // decode of sparse arrays: one diagnostic per hole before.
  'decode(sparse array, length 1e6)': () => {
    const a = [];
    a.length = 1e6;
    return `${catq.decode(a).diagnostics.length} diagnostics`;
  },
  'decode(sparse array, length 2^32-1)': () => {
    const a = [];
    a.length = 2 ** 32 - 1;
    return `${catq.decode(a).diagnostics.length} diagnostics`;
  },
  // A 98 KB invalid q: one diagnostic per bad token before (98,001 diagnostics, a 14 MB body).
  'decode(98 KB invalid q) and its 400 body': () => {
    const d = catq.decode('[' + 'x,'.repeat(49_000) + 'x]').diagnostics;
    return `${d.length} diagnostics, ${JSON.stringify(catq.toErrorBody(d)).length} bytes of body`;
  },
  // A sparse SearchableAttributes: walked to its length before.
  'loadCatalog(sparse SearchableAttributes, 1e8)': () => {
    const attrs = [{ Attribute: 'x', Type: 'String', Cardinality: 'One' }];
    attrs.length = 1e8;
    const r = catq.loadCatalog({ Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: attrs });
    return r.catalog ? 'accepted' : `refused (${r.diagnostics[0]?.code})`;
  },
  // Long words and phrases: now refused by the limits (the old build checks and compiles them).
  'check+compile matches, one 30k-letter word': () => {
    try {
      catq.toSql(matchesQuery('a'.repeat(30_000)), catalog, { dialect: 'postgres' });
      catq.compile(matchesQuery('a'.repeat(30_000)), catalog);
      return 'compiled';
    } catch (e) {
      return `refused (${e.diagnostics?.[0]?.code})`;
    }
  },
  'evaluate matches, 16k-letter word, 1000 items': () => {
    try {
      const p = catq.compile(matchesQuery('a'.repeat(16_000)), catalog);
      return `${items.filter(p).length} matches`;
    } catch (e) {
      return `refused (${e.diagnostics?.[0]?.code})`;
    }
  },
  'listItems, id "\\ud800"': () => {
    try {
      const r = catq.listItems(JSON.parse('[{"id":"\\ud800"}]'), catq.loadCatalog({ Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'id' } }).catalog, {});
      return r.response ? `listed ${r.response.Items[0]?.Uri}` : r.diagnostics[0]?.code;
    } catch (e) {
      return `threw ${e.name}`;
    }
  },
  // The worst queries within the new default limits (the goal: check+compile under 10 ms).
  'worst within defaults: check + compile (evaluator) + toSql sqlite (20 x 100-letter words)': () => {
    const q = worstQuery();
    catq.validate(q, catalog);
    catq.compile(q, catalog);
    catq.toSql(q, catalog, { dialect: 'sqlite' });
    return 'compiled';
  },
  'worst within defaults: toSql postgres (20 x 100-letter words)': () => {
    catq.toSql(worstQuery(), catalog, { dialect: 'postgres' });
    return 'compiled';
  },
  'worst within defaults: toMongo (20 x 100-letter words)': () => {
    catq.toMongo(worstQuery(), catalog);
    return 'compiled';
  },
  // The same after the one-time start-up of the pattern builders (their Unicode tables): what a
  // running server pays per query. Measured inside the case, so the case reports it as outcome.
  'worst within defaults, warm: toSql postgres / toMongo / check+compile': () => {
    const warm = catq.decode('[[["matches","title"],"warm up"]]').query;
    catq.toSql(warm, catalog, { dialect: 'postgres' });
    catq.toMongo(warm, catalog);
    catq.compile(warm, catalog);
    const q = worstQuery();
    // The first call of each (which includes compiling the code paths), then the median of 30 more.
    const time = (f) => {
      const ts = [];
      for (let i = 0; i < 31; i++) {
        const t = performance.now();
        f();
        ts.push(performance.now() - t);
      }
      const first = ts.shift();
      ts.sort((x, y) => x - y);
      return `${first.toFixed(1)}/${ts[15].toFixed(1)}`;
    };
    return `first/median ms: pg ${time(() => catq.toSql(q, catalog, { dialect: 'postgres' }))}, mongo ${time(() => catq.toMongo(q, catalog))}, check+compile ${time(() => catq.compile(q, catalog))}`;
  },
  'worst within defaults: evaluate 100 words of 20 letters, 1000 items': () => {
    const p = catq.compile(matchesQuery(words(100, 20), 'matches-phrase'), catalog);
    return `${items.filter(p).length} matches`;
  },
  'ordinary: evaluate 100 words of 5 letters, 1000 items': () => {
    const p = catq.compile(matchesQuery(words(100, 5), 'matches-phrase'), catalog);
    return `${items.filter(p).length} matches`;
  },
  // Issue 20: the worst input within the default limits for each entry point, in a fresh process:
  // the first call (cold: what a CLI run or a serverless handler pays) and the median of 30 more.
  ...Object.fromEntries(
    Object.entries({
      'parse "a " x 5000 (10 000 characters of errors)': () => catq.parse('a '.repeat(5000)),
      'parse "not " x 2500': () => catq.parse('not '.repeat(2500)),
      'lint "not " x 2500': () => catq.lint('not '.repeat(2500), catalog),
      'complete, 10 000 characters of wire text': () => catq.complete(completeText, completeText.length, catalog),
      'complete, "(" x 10 000 (infix nested as deep as the length allows)': () => catq.complete(deepInfix, deepInfix.length, catalog),
      'semanticTokens "a " x 5000 (10 000 characters, a token each 2)': () => catq.semanticTokens('a '.repeat(5000)),
      'semanticTokens, 10 000 characters of wire text': () => catq.semanticTokens(completeText),
      'parse, "(" x 19 then "}" x 38, 16 times (1 216 characters)': () => catq.parse(mixedClosers),
      'format, one-of of 1000 strings of 90 characters': () => catq.format(bigOneOf),
      'decode, 100 000 characters of q': () => catq.decode(longQ),
      'check, 49 one-of of 1000 wrong-typed values (raised maxLength)': () => catq.check(wrongTyped, catalog),
      'toSql postgres, 20 x 100-letter words': () => catq.toSql(worstQuery(), catalog, { dialect: 'postgres' }),
      'toMongo, 20 x 100-letter words': () => catq.toMongo(worstQuery(), catalog),
      'compiled predicate, 20 x 100-letter words, on 1000 items (first: with compile)': () => items.filter(predicateOf(worstQuery())),
    }).map(([label, f]) => [`cold/warm: ${label}`, () => coldWarm(f)]),
  ),
  // The CLI on one NDJSON line of 64 MB: assembled by string concatenation before.
  'CLI run, one 64 MB NDJSON line': () => {
    const dir = mkdtempSync(join(tmpdir(), 'catq-bench-'));
    try {
      const file = join(dir, 'one-line.ndjson');
      writeFileSync(file, Buffer.concat([Buffer.from('{"id":1,"title":"'), Buffer.alloc(64 * 1024 * 1024, 0x61), Buffer.from('"}\n')]));
      const cli = fileURLToPath(new URL('cli.js', dist));
      const run = (extra) => spawnSync(process.execPath, [cli, 'run', ...extra, '--items', file, 'title matches "a"'], { encoding: 'utf8' });
      let r = run(['--max-line-bytes', String(128 * 1024 * 1024)]);
      if (r.status === 2 && /unknown option/.test(r.stderr)) r = run([]); // a build without the option
      return `exit ${r.status}`;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

if (!name) {
  console.log(JSON.stringify(Object.keys(CASES)));
} else {
  const t0 = performance.now();
  let outcome;
  try {
    outcome = CASES[name]();
  } catch (e) {
    outcome = `threw ${e?.name ?? e}: ${String(e?.message ?? '').slice(0, 60)}`;
  }
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ ms, rssMb: process.resourceUsage().maxRSS / 1024, outcome }));
}
