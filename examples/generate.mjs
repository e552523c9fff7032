#!/usr/bin/env node
// Generates the embedded sample: examples/catalog.json (the catalog definition) and
// examples/items.ndjson (raw product items, one per line, the catalog ingestion format).
// Seeded and deterministic: the same seed and count give the same bytes on every machine.
//
//   node examples/generate.mjs                       # rewrite the sample (3,000 items, seed 42)
//   node examples/generate.mjs --count 1000000 --out bench/.data/items.ndjson
//   node examples/generate.mjs --count 1000 --long-descriptions 0.1 --out big.ndjson
//
// `--long-descriptions F` gives a fraction F of the items (0 by default) a long description of
// 5–20 KB, as real product pages have (the short one-line description stays for the others).
// It draws from its own PRNG, so the other fields are the same with and without it.
//
// The data is realistic and a little messy on purpose (as real catalog feeds are): a few prices
// arrive as strings, some ratings are null, some tags are a bare string instead of an array.
import { createWriteStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BRANDS = ['Acme', 'Northwind', 'Fjällräven', 'Tern & Hook', 'Blue Ridge', 'Kestrel', 'Summit Co', 'Hearth', 'Lumen', 'Oakhaven', 'Riverstone', 'Über Gear'];
// [name, id, parent path, nouns, price range]
const CATEGORIES = [
  ['Tents', 310, [300], ['tent', 'shelter', 'tarp', 'bivy'], [60, 900]],
  ['Backpacks', 320, [300], ['backpack', 'daypack', 'rucksack', 'hip pack'], [25, 350]],
  ['Sleeping bags', 330, [300], ['sleeping bag', 'quilt', 'liner'], [30, 500]],
  ['Jackets', 410, [400], ['jacket', 'parka', 'shell', 'vest'], [40, 650]],
  ['Shoes', 420, [400], ['hiking shoe', 'trail runner', 'boot', 'sandal'], [35, 280]],
  ['Socks', 430, [400], ['sock', 'liner sock'], [6, 30]],
  ['Cookware', 510, [500], ['pot', 'pan', 'kettle', 'stove', 'mug'], [8, 220]],
  ['Lighting', 520, [500], ['lantern', 'headlamp', 'string light', 'torch'], [9, 140]],
  ['Furniture', 530, [500], ['camp chair', 'table', 'hammock', 'cot'], [20, 400]],
];
const MERCHANTS = [['Trailhead Outfitters', 7001], ['Basecamp Direct', 7002], ['City Hiker', 7003], ['Nordic Supply', 7004]];
const ADJECTIVES = ['lightweight', 'waterproof', 'ultralight', 'insulated', 'packable', 'rugged', 'breathable', 'compact', 'classic', 'merino', 'recycled', 'windproof'];
const COLORS = ['red', 'blue', 'green', 'black', 'grey', 'orange', 'yellow', 'olive', 'navy', 'white'];
const TAGS = ['sale', 'new', 'bestseller', 'eco', 'limited', 'clearance', 'gift', 'staff-pick'];
const FEATURES = ['with taped seams', 'with a lifetime warranty', 'made from recycled nylon', 'for three-season trips', 'with reflective details', 'that packs into its own pocket', 'for rainy city days', 'built for long weekends'];
const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL'];

/** The sample catalog (the full form of Get Catalog). */
export const catalog = {
  Id: 1042,
  Name: 'Outdoor & Home demo store',
  Type: 'Product',
  Aliases: {
    Id: 'id',
    Name: 'title',
    Image: 'image_url',
    Brand: { Id: 'brand_id', Name: 'brand' },
    Category: { Id: 'category_id', Name: 'category', Categories: 'category_path' },
    Merchant: { Id: 'merchant_id', Name: 'merchant' },
    Product: { Id: 'sku', Name: 'title' },
  },
  SearchableAttributes: [
    { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'description', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'brand_id', Type: 'Referenced', ReferenceId: 2001, Cardinality: 'One' },
    { Attribute: 'category', Type: 'String', Cardinality: 'One' },
    { Attribute: 'category_id', Type: 'Referenced', ReferenceId: 2002, Cardinality: 'One' },
    { Attribute: 'category_path', Type: 'Referenced', ReferenceId: 2002, Cardinality: 'Many' },
    { Attribute: 'merchant', Type: 'String', Cardinality: 'One' },
    { Attribute: 'merchant_id', Type: 'Referenced', ReferenceId: 2003, Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'sale_price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'rating', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'review_count', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'colors', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'sizes', Type: 'Array', Cardinality: 'One' },
    { Attribute: 'dimensions', Type: 'Object', Cardinality: 'One' },
    { Attribute: 'created_at', Type: 'String', Cardinality: 'One' },
    { Attribute: 'image_url', Type: 'String', Cardinality: 'One' },
  ],
  UIConfiguration: [
    { Key: 'brand', Label: 'Brand', DisplayFilter: true, Typeahead: true, Order: 1 },
    { Key: 'category', Label: 'Category', DisplayFilter: true, Order: 2 },
    { Key: 'price', Label: 'Price (EUR)', DisplayFilter: true, FilterByRange: true, Order: 3 },
    { Key: 'in_stock', Label: 'In stock', DisplayFilter: true, FilterByOne: true, Order: 4 },
    { Key: 'colors', Label: 'Colour', DisplayFilter: true, AllowedValues: COLORS },
  ],
  Configuration: {
    Brands: { Source: 'ItemFields' },
    Categories: { Source: 'ItemFields' },
    Merchants: { Source: 'ItemFields' },
  },
};

/** A small, fast, seeded PRNG (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LONG_SENTENCES = [
  'The {noun} is made for people who spend whole weekends outdoors and want gear that simply works.',
  'Every seam is {adjective} and checked by hand before it leaves our workshop in the valley.',
  'Pack it down to the size of a water bottle, then set it up in minutes even in failing light.',
  'Care: wash cold, hang to dry, and store it loose so the fabric keeps its loft for years.',
  'Our testers carried the {noun} across three mountain ranges in wind, snow and summer heat.',
  'Available in {color}; colours may look slightly different on your screen than in daylight.',
  'Made from recycled fibres with a water repellent finish that contains no fluorocarbons.',
  'The {adjective} design keeps the weight low while the reinforced corners take the abuse.',
  'If anything fails within the first year we repair or replace it, no questions asked.',
  'Compatible with most accessories of the {brand} range, sold separately in our shop.',
  'Customers say it is the most comfortable {noun} they have owned, rain or shine.',
  'Dimensions and weight are measured on the medium size and vary a little between sizes.',
];

/**
 * A long description of about `bytes` bytes, assembled from sentences that mention the item's
 * own words (so `matches` on the description finds them across the whole text).
 */
function longDescription(r, bytes, words) {
  let out = '';
  while (out.length < bytes) {
    const s = LONG_SENTENCES[Math.floor(r() * LONG_SENTENCES.length)];
    out += (out ? ' ' : '') + s.replace(/\{(\w+)\}/g, (_, k) => words[k]);
  }
  return out;
}

/**
 * Yields `count` raw items with ids from 100001 upwards. `longDescriptions` (0 to 1, default 0)
 * is the fraction of items whose description is 5–20 KB long.
 */
export function* generateItems(count, seed, { longDescriptions = 0 } = {}) {
  const r = rng(seed);
  const long = rng(seed ^ 0x5bd1e995);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const some = (xs, max) => {
    const out = [];
    const n = 1 + Math.floor(r() * max);
    for (let i = 0; i < n; i++) {
      const x = pick(xs);
      if (!out.includes(x)) out.push(x);
    }
    return out;
  };
  for (let i = 0; i < count; i++) {
    const id = 100001 + i;
    const brandIndex = Math.floor(r() * BRANDS.length);
    const brand = BRANDS[brandIndex];
    const [category, categoryId, parents, nouns, [lo, hi]] = pick(CATEGORIES);
    const [merchant, merchantId] = pick(MERCHANTS);
    const noun = pick(nouns);
    const adjective = pick(ADJECTIVES);
    const colors = some(COLORS, 3);
    const title = `${brand} ${adjective} ${noun} in ${colors[0]}`;
    const price = Math.round((lo + r() * (hi - lo)) * 100) / 100 - 0.01;
    const item = {
      id,
      sku: `SKU-${String(id).padStart(8, '0')}`,
      title,
      description: `${/^[aeiou]/.test(adjective) ? 'An' : 'A'} ${adjective} ${noun} by ${brand} ${pick(FEATURES)}. Available in ${colors.join(', ')}.`,
      brand,
      brand_id: 2100 + brandIndex,
      category,
      category_id: categoryId,
      category_path: [...parents, categoryId],
      merchant,
      merchant_id: merchantId,
      price: Math.max(0.99, Math.round(price * 100) / 100),
      currency: 'EUR',
      in_stock: r() < 0.82,
      tags: some(TAGS, 2),
      colors,
      image_url: `https://img.example.com/p/${id}.jpg`,
      created_at: `202${Math.floor(r() * 5)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
    };
    if (longDescriptions > 0 && long() < longDescriptions) {
      item.description = longDescription(long, 5000 + Math.floor(long() * 15000), { noun, adjective, brand, color: colors.join(', ') });
    }
    if (r() < 0.3) item.sale_price = Math.round(item.price * (0.6 + r() * 0.3) * 100) / 100;
    const rating = r();
    if (rating < 0.1) item.rating = null;
    else if (rating < 0.9) {
      item.rating = Math.round((2.5 + r() * 2.5) * 10) / 10;
      item.review_count = Math.floor(r() * 2000);
    }
    if (category === 'Jackets' || category === 'Socks') item.sizes = some(LETTER_SIZES, 4);
    if (category === 'Shoes') item.sizes = some([38, 39, 40, 41, 42, 43, 44, 45], 5);
    if (category === 'Tents' || category === 'Furniture') {
      item.dimensions = { w: Math.round(50 + r() * 250), h: Math.round(40 + r() * 150), d: Math.round(30 + r() * 200) };
    }
    // Messy feed data, as in real catalogs: the evaluator must treat each of these by the rules.
    const mess = r();
    if (mess < 0.01) item.price = String(item.price);
    else if (mess < 0.02) item.tags = item.tags[0];
    else if (mess < 0.025) delete item.brand;
    yield item;
  }
}

/** A bad argument or an output that cannot be written: one line on stderr, exit status 2. */
class UsageError extends Error {}

const USAGE = 'usage: node examples/generate.mjs [--count N] [--seed N] [--long-descriptions F] [--out FILE]';

/** The options of the command line; anything else is a UsageError naming it. */
function parseArgs(argv) {
  const options = { count: 3000, seed: 42, longDescriptions: 0, out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    if (name === '--help' || name === '-h') throw new UsageError(USAGE);
    if (name !== '--count' && name !== '--seed' && name !== '--out' && name !== '--long-descriptions') throw new UsageError(`unknown argument "${name}" (${USAGE})`);
    const value = argv[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
    if (name === '--out') options.out = value;
    else if (name === '--long-descriptions') {
      const f = Number(value);
      if (!(value.trim() !== '' && f >= 0 && f <= 1)) throw new UsageError(`--long-descriptions must be a fraction from 0 to 1, got "${value}"`);
      options.longDescriptions = f;
    }
    else {
      const n = Number(value);
      if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n)) throw new UsageError(`${name} must be a whole number, got "${value}"`);
      options[name.slice(2)] = n;
    }
  }
  return options;
}

async function main(argv) {
  const here = dirname(fileURLToPath(import.meta.url));
  const { count, seed, longDescriptions, out: given } = parseArgs(argv);
  const out = given ?? join(here, 'items.ndjson');
  if (existsSync(out) && statSync(out).isDirectory()) throw new UsageError(`--out ${out} is a folder; give a file name, e.g. ${join(out, 'items.ndjson')}`);
  try {
    mkdirSync(dirname(out), { recursive: true });
  } catch (e) {
    throw new UsageError(`cannot create the folder of ${out}: ${e.message}`);
  }
  if (given === undefined) writeFileSync(join(here, 'catalog.json'), JSON.stringify(catalog, null, 2) + '\n');
  const stream = createWriteStream(out);
  const failed = new Promise((_, reject) => stream.once('error', (e) => reject(new UsageError(`cannot write ${out}: ${e.message}`))));
  failed.catch(() => {});
  const write = async () => {
    let buffer = '';
    for (const item of generateItems(count, seed, { longDescriptions })) {
      buffer += JSON.stringify(item) + '\n';
      if (buffer.length > 1 << 20) {
        if (!stream.write(buffer)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), failed]);
        buffer = '';
      }
    }
    stream.write(buffer);
    await new Promise((resolve) => stream.end(resolve));
  };
  await Promise.race([write(), failed]);
  process.stderr.write(`wrote ${count} items to ${out}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await main(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`generate: ${e.message}\n`);
    process.exit(2);
  }
}
