// The workloads shared by the benchmarks that report ratios (decode, parse, eval, ratios):
// realistic queries, a catalog, and generated items, the same on every run.

// ---- decode: ten percent-encoded queries on an eleven-attribute catalog -----------------------
export const decodeCatalog = {
  Id: 100,
  Name: 'Shoes',
  Type: 'Product',
  Aliases: { Id: 'sku', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand' }, Category: { Id: 'cat_id', Name: 'category', Categories: 'categories' } },
  SearchableAttributes: [
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'description', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'brand_id', Type: 'Referenced', Cardinality: 'One', ReferenceId: 200 },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'color', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'categories', Type: 'Array', Cardinality: 'One' },
    { Attribute: 'specs', Type: 'Object', Cardinality: 'One' },
    { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
  ],
};

export const DECODE_QUERIES = [
  [['brand', 'Acme']],
  [['brand', 'Acme'], [['<', 'price'], 100]],
  [[['matches', 'title'], 'red running shoe']],
  [[['one-of', 'color'], ['red', 'blue', 'green', 'black']], [['>=', 'sizes'], 42]],
  [[['present?', 'specs'], true], ['in_stock', true], [['<=', 'price'], 59.99]],
  [[['matches-phrase', 'description'], 'waterproof leather upper'], ['Brand.Name', 'Zoë & Co'], [['>', 'price'], 10]],
  [['Brand.Id', 12345], ['categories', 'Men'], [['one-of', 'sku'], ['A-1', 'A-2', 'A-3', 'B-1', 'B-2', 'B-3', 'C-1', 'C-2']]],
  [[['>=', 'price'], 20], [['<', 'price'], 80], [['matches', 'title'], 'trail'], ['in_stock', true], [['one-of', 'color'], ['grey', 'white']]],
  [[['matches', 'title'], 'chaussure été 😀'], [['present?', 'brand'], false]],
  [['brand', 'Acme "Pro" 100%'], [['<', 'brand'], 'N'], [['one-of', 'sizes'], [38, 39, 40, 41, 42, 43, 44, 45, 46]], [['present?', 'description'], true]],
].map((q) => encodeURIComponent(JSON.stringify(q)));


// ---- parse: infix queries with their liqe equivalents -------------------------------------------
// [catq infix, liqe equivalent]; the wire text is derived from catq's own parse (toWire shape).
export const PARSE_QUERIES = [
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


// ---- eval: generated items, queries with hand-written filters and peer filters ----------------------
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
let rnd = mulberry32(0x5eed);
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
/** `n` generated raw items (the same ones on every call and run). */
export function makeItems(n) {
  rnd = mulberry32(0x5eed);
  return JSON.parse(JSON.stringify(Array.from({ length: n }, (_, i) => makeItem(i))));
}

export const evalCatalog = {
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
export const EVAL_QUERIES = [
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

