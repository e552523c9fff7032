/**
 * Cases that once failed (a property run's counterexample, kept with its seed) or that pin an
 * edge found while building the compiler. regressions.test.ts replays each on both engines
 * against the evaluator. Add new counterexamples here verbatim.
 */
import type { Catalog } from '../../src/catalog/index.js';

/** One replayed case: raw JSON texts of the items (as a database holds them) and a wire query. */
export interface RegressionCase {
  readonly name: string;
  /** Where it came from: a seed and path, or a note. */
  readonly origin: string;
  readonly catalog: Catalog;
  readonly items: readonly string[];
  readonly wire: readonly unknown[];
  /** Listing parameters to replay too (listSql against listItems), if any. */
  readonly listing?: Readonly<Record<string, unknown>>;
}

const base = (attrs: Catalog['SearchableAttributes'], id = 'id'): Catalog => ({ Id: 100, Name: 'regression', Type: 'Product', Aliases: { Id: id }, SearchableAttributes: attrs ?? [] });

export const REGRESSIONS: readonly RegressionCase[] = [
  {
    name: 'an id of -0 is stored as 0 in JSON text; the page lists it as 0',
    origin: 'listing.property.test.ts seed 1592594775 path "1:278:0:1:2:3:2:1:0" (harness compared against in-memory -0)',
    catalog: {
      Id: 1553641901,
      Name: '#w',
      Type: 'Product',
      Aliases: { Id: '😀', Name: 'color', Image: 'sku', Category: { Id: '😀', Name: 'color', Categories: 'Bb"h+:K.' }, Merchant: { Id: 'toString', Name: '__proto__' }, Product: { Id: '😀', Name: 'color' } },
      SearchableAttributes: [
        { Attribute: '😀', Type: 'Referenced', Cardinality: 'One', ReferenceId: 116 },
        { Attribute: 'size', Type: 'Text', Cardinality: 'One' },
        { Attribute: 'color', Type: 'Referenced', Cardinality: 'Many', ReferenceId: 104 },
        { Attribute: 'Brand.Id', Type: 'Text', Cardinality: 'One' },
        { Attribute: 'Product.Name', Type: 'Text', Cardinality: 'One' },
        { Attribute: 'meta', Type: 'Object', Cardinality: 'Many' },
      ],
    },
    items: ['{"😀":-0,"meta":0}'],
    wire: [[['present?', 'meta'], true]],
    listing: { limit: 1 },
  },
  {
    name: 'numbers beyond double range: ::float8 raised on PostgreSQL; JSON.parse reads Infinity and 0',
    origin: 'numbers.property.test.ts while building (PostgreSQL error "out of range for type double precision")',
    catalog: base([{ Attribute: 'x', Type: 'Number', Cardinality: 'Many' }]),
    items: ['{"id":1,"x":1e400}', '{"id":2,"x":-1e400}', '{"id":3,"x":[1e-400]}', '{"id":4,"x":5}'],
    wire: [[['>', 'x'], 1e308]],
  },
  {
    name: 'integers beyond 2^53 compare as their doubles (SQLite would compare the exact integer)',
    origin: 'design note: json_extract returns INTEGER; cast to REAL',
    catalog: base([{ Attribute: 'x', Type: 'Number', Cardinality: 'One' }]),
    items: ['{"id":1,"x":9007199254740993}', '{"id":2,"x":9007199254740992}', '{"id":3,"x":18446744073709551617}'],
    wire: [['x', 9007199254740992]],
  },
  {
    name: 'final sigma: ΑΣ lower-cases to ας, so "ασ" does not match it',
    origin: 'text-match.property.test.ts mutation check (Ι𐐨ς𐐨)',
    catalog: base([{ Attribute: 't', Type: 'Text', Cardinality: 'One' }]),
    items: ['{"id":1,"t":"ΑΣ"}', '{"id":2,"t":"ΑΣΑ"}', '{"id":3,"t":"Σ"}', '{"id":4,"t":"Ι𐐀Σ𐐀"}'],
    wire: [[['matches', 't'], 'ας']],
  },
  {
    name: 'İ lower-cases to two code points',
    origin: 'design note',
    catalog: base([{ Attribute: 't', Type: 'Text', Cardinality: 'One' }]),
    items: ['{"id":1,"t":"İstanbul"}', '{"id":2,"t":"istanbul"}', '{"id":3,"t":"i̇stanbul"}', '{"id":4,"t":"ISTANBUL"}'],
    wire: [[['matches-phrase', 't'], 'İSTANBUL']],
  },
  {
    name: 'Referenced 5 = "5" but not "5.0"; 1e21 is "1e+21"',
    origin: 'design note',
    catalog: base([{ Attribute: 'r', Type: 'Referenced', Cardinality: 'Many', ReferenceId: 100 }]),
    items: ['{"id":1,"r":5}', '{"id":2,"r":"5"}', '{"id":3,"r":"5.0"}', '{"id":4,"r":[1e21]}', '{"id":5,"r":"1e+21"}', '{"id":6,"r":5.0}'],
    wire: [[['one-of', 'r'], ['5', 1e21]]],
  },
  {
    name: 'an attribute named "-": every engine but MariaDB reads it; MariaDB refuses the query (its JSON paths find no key starting with "-")',
    origin: 'sql.property.test.ts seed 975667505 path "556:1:9:6:6:6:6:6:0:0:0:0:0:0:0:0:0:0:0:0:0" (a run with random seeds: the harness did not expect the refusal)',
    catalog: { Id: 100, Name: ' ', Type: 'Product', Aliases: { Id: '-' }, SearchableAttributes: [{ Attribute: '-', Type: 'Number', Cardinality: 'One' }] },
    items: ['{"-":0}', '{"-":-0}', '{"-":1}', '{"-":"0"}', '{"-a":0}', '{}'],
    wire: [['-', 0]],
  },
  {
    name: 'an id alias "-": pages on every engine but MariaDB, which refuses the listing',
    origin: 'listing.property.test.ts seed 1629767111 path "302:337:0:0:7:5:5:5:5:5:5:0:0:0:0:0:0:0:0:0" (a run with random seeds)',
    catalog: {
      Id: 100,
      Name: ' ',
      Type: 'Product',
      Aliases: { Id: '-' },
      SearchableAttributes: [
        { Attribute: 'x/y~z', Type: 'Referenced', Cardinality: 'One', ReferenceId: 446117 },
        { Attribute: '__proto__', Type: 'Array', Cardinality: 'Many' },
      ],
    },
    items: ['{"-":2,"x/y~z":"red"}', '{"-":1,"x/y~z":"red"}', '{"-":"a","x/y~z":"red"}', '{"-":3,"x/y~z":"blue"}', '{"x/y~z":"red"}'],
    wire: [['x/y~z', 'red']],
    listing: { limit: 1 },
  },
  {
    name: 'keys "Brand.Name" and "brand.name" in one query: MariaDB dropped one clause (its optimizer compared the two key paths case-blind)',
    origin: 'sql.property.test.ts seed 914391203 path "187:240:5:2:1:1:1" (a run with random seeds)',
    catalog: {
      Id: 107,
      Name: 'd((nwGS',
      Type: 'Product',
      Aliases: { Id: 'brand_id', Name: 'flag', Image: 'x/y~z', Brand: { Id: '__proto__', Name: 'Price' }, Category: { Id: 'brand.name', Name: 'missing', Categories: 'missing' }, Merchant: { Id: 'sku', Name: '' }, Product: { Id: 'Price', Name: ':>m' } },
      SearchableAttributes: [
        { Attribute: 'Price', Type: 'Referenced', Cardinality: 'One', ReferenceId: 112585 },
        { Attribute: 'brand.name', Type: 'Object', Cardinality: 'Many' },
        { Attribute: 'Brand.Name', Type: 'Object', Cardinality: 'One' },
        { Attribute: 'x/y~z', Type: 'Number', Cardinality: 'Many' },
        { Attribute: 'Category.Id', Type: 'Array', Cardinality: 'Many' },
        { Attribute: 'flag', Type: 'Referenced', Cardinality: 'One', ReferenceId: 817066 },
      ],
    },
    items: ['{"brand_id":"a","brand.name":[]}', '{"brand_id":"b","Brand.Name":{}}', '{"brand_id":"c"}', '{"brand_id":"d","brand.name":null,"Brand.Name":null}'],
    wire: [[['present?', 'Brand.Name'], false], [['present?', 'brand.name'], false]],
  },
];
