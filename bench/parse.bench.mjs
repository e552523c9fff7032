// Infix parse throughput: catq's Chevrotain parser (one reused lexer + parser instance) next to
// liqe (a peer filter language parser; equivalent liqe query strings), and the floor: JSON.parse
// of the same query in wire form. Same ~10 queries for every contender, in one run.
//   npx tsup --out-dir .build/syntax --no-dts && CATQ_DIST=$PWD/.build/syntax/ node bench/parse.bench.mjs
import { parse as liqeParse } from 'liqe';
import { compare, distUrl } from './lib.mjs';

const dist = distUrl();
const catq = await import(new URL('syntax.js', dist).href);

// [catq infix, liqe equivalent]; the wire text is derived from catq's own parse (toWire shape).
const QUERIES = [
  ['brand = "Acme"', 'brand:"Acme"'],
  ['price < 20', 'price:<20'],
  ['price >= 10 and price <= 99.5', 'price:>=10 AND price:<=99.5'],
  ['tags one-of ["sale", "new", "clearance"]', 'tags:"sale" OR tags:"new" OR tags:"clearance"'],
  ['title matches "red shoe"', 'title:"red shoe"'],
  ['color present? true', 'color:*'],
  ['Brand.Id = 42 and in_stock = true', 'Brand.Id:42 AND in_stock:true'],
  ['brand = "Acme" and price < 20 and tags one-of ["sale", "new"] and title matches "red shoe"', 'brand:"Acme" AND price:<20 AND (tags:"sale" OR tags:"new") AND title:"red shoe"'],
  ['`size (EU)` = 42 and vendor/brand-id = "x-1" and rating > -1.5e2', 'size_eu:42 AND vendor_brand_id:"x-1" AND rating:>-150'],
  ['name = "Ünïcødé 😀 \\u00e9" and category one-of [1, 2, 3, 4, 5, 6, 7, 8]', 'name:"Ünïcødé 😀 é" AND (category:1 OR category:2 OR category:3 OR category:4 OR category:5 OR category:6 OR category:7 OR category:8)'],
];

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
