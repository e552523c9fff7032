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

// ---- deterministic data (mulberry32) --------------------------------------------------------
function mulberry32(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(0x5eed);
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const WORDS = ['red', 'blue', 'green', 'shoe', 'shoes', 'running', 'trail', 'boot', 'light', 'classic', 'café', 'Émile', 'x200', 'pro', 'max', 'air', 'soft', 'leather', 'canvas', 'kids', 'women', 'men', 'sport', 'street', 'vintage', 'summer', 'winter', 'edition', 'limited', 'new'];
const BRANDS = Array.from({ length: 40 }, (_, i) => `Brand${String.fromCharCode(65 + (i % 26))}${i}`).concat(['Acme', 'Zeta', 'Ωmega', '😀Smile']);
const TAGS = ['sale', 'new', 'eco', 'gift', 'bestseller', 'clearance', 'vegan', 'limited', 'online', 'store', 'bundle', 'kids', 'premium', 'basic', 'outlet'];
const COLORS = ['red', 'blue', 'green', 'black', 'white', 'grey', 'pink'];

function makeItem(i) {
  const it = { id: i };
  const r = rnd();
  if (r < 0.94) it.price = Math.round(rnd() * 20000) / 100;
  else if (r < 0.97) it.price = String(Math.round(rnd() * 200));
  else if (r < 0.99) it.price = null;
  const n = 3 + Math.floor(rnd() * 4);
  const words = Array.from({ length: n }, () => (rnd() < 0.2 ? pick(WORDS).toUpperCase() : pick(WORDS)));
  if (rnd() < 0.98) it.title = words.join(rnd() < 0.5 ? ' ' : ', ');
  const b = rnd();
  if (b < 0.97) it.brand = pick(BRANDS);
  else if (b < 0.98) it.brand = 7;
  const t = rnd();
  if (t < 0.8) it.tags = Array.from({ length: Math.floor(rnd() * 4) }, () => pick(TAGS));
  else if (t < 0.9) it.tags = pick(TAGS);
  const s = rnd();
  it.instock = s < 0.97 ? rnd() < 0.6 : 'true';
  const c = 1 + Math.floor(rnd() * 100);
  it.category = rnd() < 0.5 ? c : String(c);
  it.colors = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(COLORS));
  it.sizes = rnd() < 0.9 ? Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => 36 + Math.floor(rnd() * 13)) : 40;
  if (rnd() < 0.5) it.meta = { w: rnd() };
  return it;
}
// Through JSON, as real item data arrives: every string is its own object, shapes as parsed.
const items = JSON.parse(JSON.stringify(Array.from({ length: 100_000 }, (_, i) => makeItem(i))));

const catalog = {
  Id: 1000,
  Name: 'bench',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title', Brand: { Id: 'brand', Name: 'brand' } },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'instock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'category', Type: 'Referenced', Cardinality: 'One', ReferenceId: 200 },
    { Attribute: 'colors', Type: 'Array', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'meta', Type: 'Object', Cardinality: 'One' },
  ],
};

// ---- hand-written helpers (what a careful person would write) -------------------------------
// For text, the floor is what a careful person writes by hand: one whole-word, case-insensitive
// regex per term (nearly the language's rule; case folding differs from toLowerCase on a few
// characters). Tokenizing every title by hand (`s.match(/[\p{L}\p{M}\p{Nd}]+/gu)`) is ~4x slower.
const word = (re) => new RegExp(`(?<![\\p{L}\\p{M}\\p{Nd}])${re}(?![\\p{L}\\p{M}\\p{Nd}])`, 'iu');
const RED = word('red');
const SHOE = word('shoe');
const RUNNING_SHOE = word('running[^\\p{L}\\p{M}\\p{Nd}]+shoe');
const many = (v, f) => (Array.isArray(v) ? v.some(f) : f(v));
const isNum = (x) => typeof x === 'number';
const B5 = BRANDS.slice(0, 5);
const B20 = new Set(BRANDS.slice(0, 20));
const C12 = Array.from({ length: 12 }, (_, i) => i * 7 + 1);
const C12S = new Set(C12.map(String));
const w = (re) => new RegExp(`(^|[^\\p{L}\\p{M}\\p{Nd}])${re}([^\\p{L}\\p{M}\\p{Nd}]|$)`, 'iu');

// name, q (wire), hand-written, mongo-style filter (mingo, sift, ucast), liqe query (or null)
const QUERIES = [
  ['price = 50', [['price', 50]], (it) => it.price === 50, { price: 50 }, 'price:=50'],
  ['price < 20', [[['<', 'price'], 20]], (it) => typeof it.price === 'number' && it.price < 20, { price: { $lt: 20 } }, 'price:<20'],
  ['price >= 150', [[['>=', 'price'], 150]], (it) => typeof it.price === 'number' && it.price >= 150, { price: { $gte: 150 } }, 'price:>=150'],
  ['10 <= price < 50', [[['>=', 'price'], 10], [['<', 'price'], 50]], (it) => typeof it.price === 'number' && it.price >= 10 && it.price < 50, { price: { $gte: 10, $lt: 50 } }, 'price:>=10 AND price:<50'],
  ['brand = Acme', [['brand', 'Acme']], (it) => it.brand === 'Acme', { brand: 'Acme' }, 'brand:/^Acme$/'],
  ['brand > "M"', [[['>', 'brand'], 'M']], (it) => typeof it.brand === 'string' && it.brand > 'M', { brand: { $gt: 'M' } }, null],
  ['brand one-of 5', [[['one-of', 'brand'], B5]], (it) => B5.includes(it.brand), { brand: { $in: B5 } }, B5.map((b) => `brand:"${b}"`).join(' OR ')],
  ['brand one-of 20', [[['one-of', 'Brand.Name'], [...B20]]], (it) => B20.has(it.brand), { brand: { $in: [...B20] } }, [...B20].map((b) => `brand:"${b}"`).join(' OR ')],
  ['tags = sale (Many)', [['tags', 'sale']], (it) => many(it.tags, (x) => x === 'sale'), { tags: 'sale' }, 'tags:/^sale$/'],
  ['tags one-of [sale, new]', [[['one-of', 'tags'], ['sale', 'new']]], (it) => many(it.tags, (x) => x === 'sale' || x === 'new'), { tags: { $in: ['sale', 'new'] } }, 'tags:"sale" OR tags:"new"'],
  ['instock = true', [['instock', true]], (it) => it.instock === true, { instock: true }, 'instock:true'],
  ['category = 42 (Referenced)', [['category', 42]], (it) => it.category === 42 || it.category === '42', { category: { $in: [42, '42'] } }, 'category:=42 OR category:/^42$/'],
  ['category one-of 12 (Referenced)', [[['one-of', 'category'], C12]], (it) => (typeof it.category === 'string' ? C12S.has(it.category) : C12.includes(it.category)), { category: { $in: [...C12, ...C12.map(String)] } }, C12.map((c) => `category:=${c} OR category:"${c}"`).join(' OR ')],
  ['colors = red (Array)', [['colors', 'red']], (it) => Array.isArray(it.colors) && it.colors.includes('red'), { colors: 'red' }, 'colors:/^red$/'],
  ['sizes > 46 (Number Many)', [[['>', 'sizes'], 46]], (it) => many(it.sizes, (x) => isNum(x) && x > 46), { sizes: { $gt: 46 } }, 'sizes:>46'],
  ['meta present? true', [[['present?', 'meta'], true]], (it) => it.meta !== undefined && it.meta !== null, { meta: { $exists: true, $ne: null } }, null],
  ['brand present? false', [[['present?', 'brand'], false]], (it) => it.brand === undefined || it.brand === null, { $or: [{ brand: { $exists: false } }, { brand: null }] }, null],
  ['title matches "red shoe"', [[['matches', 'title'], 'red shoe']], (it) => typeof it.title === 'string' && RED.test(it.title) && SHOE.test(it.title), { $and: [{ title: { $regex: w('red') } }, { title: { $regex: w('shoe') } }] }, 'title:red AND title:shoe'],
  ['title matches-phrase "running shoe"', [[['matches-phrase', 'title'], 'running shoe']], (it) => typeof it.title === 'string' && RUNNING_SHOE.test(it.title), { title: { $regex: w('running[^\\p{L}\\p{M}\\p{Nd}]+shoe') } }, 'title:"running shoe"'],
  ['combo: matches shoe, price < 50, instock', [[['matches', 'title'], 'shoe'], [['<', 'price'], 50], ['instock', true]], (it) => it.instock === true && typeof it.price === 'number' && it.price < 50 && typeof it.title === 'string' && SHOE.test(it.title), { instock: true, price: { $lt: 50 }, title: { $regex: w('shoe') } }, 'instock:true AND price:<50 AND title:shoe'],
];

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
