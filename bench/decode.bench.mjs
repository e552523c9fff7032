// Decoding `q`: catq's decode (percent-decoding, JSON with exact spans, the wire shape) and
// decode + validate, against the floor JSON.parse(decodeURIComponent(q)) on ten realistic
// queries. Goal (issue 2): decode plus validate within 3x of the floor.
// Usage: npm run bench decode, or CATQ_DIST=$PWD/.build/<name>/ node bench/decode.bench.mjs
import { compare, distUrl } from './lib.mjs';
import { DECODE_QUERIES as queries, decodeCatalog as catalog } from './workloads.mjs';

const dist = distUrl();
const catq = await import(new URL('index.js', dist).href);

const loaded = catq.loadCatalog(catalog);
if (!loaded.catalog) throw new Error(`bench catalog is invalid: ${JSON.stringify(loaded.diagnostics)}`);
const checked = loaded.catalog;

// Sanity: every query decodes, and validates without errors.
for (const q of queries) {
  const r = catq.decode(q);
  if (!r.query) throw new Error(`does not decode: ${q}: ${JSON.stringify(r.diagnostics)}`);
  if (typeof catq.validate === 'function') {
    const errors = catq.validate(r.query, checked).filter((d) => d.severity === 'error');
    if (errors.length) throw new Error(`does not validate: ${decodeURIComponent(q)}: ${errors.map((d) => d.code)}`);
  }
}

let sink = 0;
const tasks = {
  'floor: JSON.parse(decodeURIComponent(q))': () => {
    for (const q of queries) sink += JSON.parse(decodeURIComponent(q)).length;
  },
  'catq decode(q)': () => {
    for (const q of queries) sink += catq.decode(q).query.clauses.length;
  },
};
if (typeof catq.validate === 'function') {
  tasks['catq decode(q) + validate'] = () => {
    for (const q of queries) sink += catq.validate(catq.decode(q).query, checked).length;
  };
} else console.log('validate is not exported yet: decode alone is measured');

await compare('decode: 10 percent-encoded queries per call', tasks, { baseline: 'floor: JSON.parse(decodeURIComponent(q))', time: 1000 });
if (sink === 0.5) console.log(sink);
