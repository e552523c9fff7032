// What one List Catalog Items request costs the library, beside one `check` of its query: the
// checked plan is the hand-off between stages, so a page should cost a few checks at most
// (goal: 3x, issue 24; the pages of one search repeat their q, and a page with a q text not seen
// before is measured too). `sqlListItems` runs with a database that returns no rows, so only the
// library is measured: reading the parameters, decoding and checking `q`, compiling the page's
// statements (and, with `boundary-id`, the other-side statement), building the page. Then
// `decode` + `validate`, and `validate` alone, against the floor JSON.parse(decodeURIComponent(q))
// on the ten shoe queries (goal: 2.5x, issue 20).
// Usage: npm run bench list-page, or CATQ_DIST=<a build's dist/> node bench/list-page.bench.mjs
import { compare, distUrl } from './lib.mjs';
import { DECODE_QUERIES as queries, decodeCatalog as catalog } from './workloads.mjs';

const catq = await import(new URL('index.js', distUrl()).href);
// sqlListItems lives behind catq/sql (the root entry is the front door).
const { sqlListItems } = await import(new URL('sql.js', distUrl()).href);
const loaded = catq.loadCatalog(catalog);
if (!loaded.catalog) throw new Error(`bench catalog is invalid: ${JSON.stringify(loaded.diagnostics)}`);
const checked = loaded.catalog;

// A three-clause query, as a service receives it: percent-encoded wire text.
const q = encodeURIComponent(JSON.stringify([[['>=', 'price'], 20], [['matches', 'title'], 'trail'], [['one-of', 'color'], ['grey', 'white']]]));
const query = catq.decode(q).query;
const noRows = () => [];
const options = { dialect: 'postgres', table: 'items', numericStrings: true };
const pages = {
  'first page': { q, limit: '20' },
  'boundary-id, >': { q, 'boundary-id': 'A-100', comparison: '>', limit: '20' },
  'boundary-id, <': { q, 'boundary-id': 'A-100', comparison: '<', limit: '20' },
};
for (const [name, params] of Object.entries(pages)) {
  const r = await sqlListItems(noRows, checked, params, options);
  if (!r.response) throw new Error(`${name}: ${JSON.stringify(r.diagnostics)}`);
}

let sink = 0;
const listTasks = { 'check(query), once': () => void (sink += catq.check(query, checked).diagnostics.length) };
for (const [name, params] of Object.entries(pages)) {
  listTasks[`sqlListItems, ${name}`] = async () => void (sink += (await sqlListItems(noRows, checked, params, options)).diagnostics.length);
}
// The rows above repeat one q text, as the pages of one search do: the listing remembers the
// query of a recent q text and its check. This one sends a text it has not seen (the same query
// with another price, made before the timing), so it decodes and checks.
const unseen = Array.from({ length: 200_000 }, (_, k) => encodeURIComponent(JSON.stringify([[['>=', 'price'], 1000 + k], [['matches', 'title'], 'trail'], [['one-of', 'color'], ['grey', 'white']]])));
let variant = 0;
listTasks['sqlListItems, first page, a q text not seen before'] = async () =>
  void (sink += (await sqlListItems(noRows, checked, { q: unseen[variant++ % unseen.length], limit: '20' }, options)).diagnostics.length);
await compare('List Catalog Items on PostgreSQL, no rows: the library per page, against one check', listTasks, { baseline: 'check(query), once', time: 1000 });

const decoded = queries.map((text) => catq.decode(text).query);
await compare(
  'decode + validate: 10 percent-encoded queries per call, against the floor',
  {
    'floor: JSON.parse(decodeURIComponent(q))': () => {
      for (const text of queries) sink += JSON.parse(decodeURIComponent(text)).length;
    },
    'catq decode(q) + validate': () => {
      for (const text of queries) sink += catq.validate(catq.decode(text).query, checked).length;
    },
    'catq validate (decoded once)': () => {
      for (const d of decoded) sink += catq.validate(d, checked).length;
    },
  },
  { baseline: 'floor: JSON.parse(decodeURIComponent(q))', time: 1000 },
);
if (sink === 0.5) console.log(sink);
