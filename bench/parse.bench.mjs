// Infix parse throughput: catq's Chevrotain parser (one reused lexer + parser instance) next to
// liqe (a peer filter language parser; equivalent liqe query strings), and the floor: JSON.parse
// of the same query in wire form. Same ~10 queries for every contender, in one run.
//   npx tsup --out-dir .build/syntax --no-dts && CATQ_DIST=$PWD/.build/syntax/ node bench/parse.bench.mjs
import { parse as liqeParse } from 'liqe';
import { compare, distUrl } from './lib.mjs';

const dist = distUrl();
const catq = await import(new URL('syntax.js', dist).href);

import { PARSE_QUERIES as QUERIES } from './workloads.mjs';

const toWire = (q) => JSON.stringify(q.clauses.map((c) => (c.operator === '=' ? [c.field, c.value] : [[c.operator, c.field], c.value])));
const infix = QUERIES.map(([i]) => i);
const liqe = QUERIES.map(([, l]) => l);
const wire = infix.map((t) => {
  const r = catq.parse(t);
  if (!r.query) throw new Error(`bench query does not parse: ${t}\n${JSON.stringify(r.diagnostics)}`);
  return toWire(r.query);
});
for (const l of liqe) liqeParse(l); // every liqe string must parse

let sink = 0;
const means = await compare(
  `parse ${QUERIES.length} queries (one call = all of them)`,
  {
    'JSON.parse (wire floor)': () => {
      for (const w of wire) sink += JSON.parse(w).length;
    },
    'catq parse (infix)': () => {
      for (const t of infix) sink += catq.parse(t).diagnostics.length;
    },
    liqe: () => {
      for (const l of liqe) sink += liqeParse(l) ? 1 : 0;
    },
  },
  { baseline: 'JSON.parse (wire floor)', time: 1000, warmupTime: 300 },
);
const ours = means['catq parse (infix)'];
console.log(`catq / JSON.parse: ${(ours / means['JSON.parse (wire floor)']).toFixed(2)}x (goal <= 5x)`);
console.log(`catq / liqe:       ${(ours / means.liqe).toFixed(2)}x (goal < 1x)`);
if (sink === -1) console.log(sink);
