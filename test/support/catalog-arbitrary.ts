/**
 * fast-check arbitraries for valid catalogs (shared by the validator, evaluator, SQL and Mongo
 * property tests; keep the exports stable).
 *
 * Catalogs obey every constraint of the interface (Id >= 100, Name <= 100 characters, Type
 * `Product`, alias strings <= 50, Text cardinality One, ReferenceId >= 100, unique attribute
 * names), but the names are nasty: dots, spaces, emoji outside the BMP, `__proto__`,
 * `constructor`, names equal to alias paths, names differing only in case. Aliases point at
 * declared attributes or at undeclared keys.
 */
import fc from 'fast-check';
import {
  ALIAS_PATHS,
  ATTRIBUTE_TYPES,
  type Aliases,
  type AttributeType,
  type Cardinality,
  type Catalog,
  type SearchableAttribute,
} from '../../src/catalog/index.js';

/** Names that break naive code: prototype keys, dots, spaces, emoji, alias paths, case twins. */
export const NASTY_NAMES: readonly string[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'price',
  'Price',
  'brand.name',
  'Brand.Name',
  'Id',
  'Name',
  'a b',
  ' lead',
  'trail ',
  '',
  'colour 🎨',
  '😀',
  '𝒳.y',
  'naïve',
  'x/y~z',
  '"quoted"',
  'line\nbreak',
];

/** An attribute name: mostly nasty or short ASCII words, sometimes arbitrary Unicode (max 50 UTF-16 units). */
export const attributeNameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_NAMES) },
  { weight: 3, arbitrary: fc.constantFrom('price', 'color', 'title', 'tags', 'stock', 'size', 'ref', 'meta', 'flag') },
  { weight: 1, arbitrary: fc.constantFrom(...ALIAS_PATHS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => s.length <= 50) },
);

/** A cardinality. */
export const cardinalityArb: fc.Arbitrary<Cardinality> = fc.constantFrom<Cardinality>('One', 'Many');

/** A valid searchable attribute of the given name and type (Text is always One). */
export function attributeOf(name: string, type: AttributeType, cardinality: Cardinality, referenceId = 100): SearchableAttribute {
  if (type === 'Text') return { Attribute: name, Type: 'Text', Cardinality: 'One' };
  if (type === 'Referenced') return { Attribute: name, Type: 'Referenced', Cardinality: cardinality, ReferenceId: referenceId };
  return { Attribute: name, Type: type, Cardinality: cardinality };
}

/** A valid searchable attribute with a random name, type and cardinality. */
export const attributeArb: fc.Arbitrary<SearchableAttribute> = fc
  .tuple(attributeNameArb, fc.constantFrom(...ATTRIBUTE_TYPES), cardinalityArb, fc.integer({ min: 100, max: 1_000_000 }))
  .map(([name, type, card, ref]) => attributeOf(name, type, card, ref));

/** Attributes with unique names (1..8 of them; every type appears often). */
export const attributesArb: fc.Arbitrary<SearchableAttribute[]> = fc.uniqueArray(attributeArb, {
  minLength: 0,
  maxLength: 8,
  selector: (a) => a.Attribute,
});

/** A raw key for an alias: one of the declared names, or an undeclared key (max 50). */
function rawKeyArb(declared: readonly string[]): fc.Arbitrary<string> {
  const undeclared = fc.oneof(fc.constantFrom('missing', 'sku', '__proto__', 'brand_id'), fc.string({ maxLength: 8 }));
  return declared.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...declared) }, { weight: 1, arbitrary: undeclared }) : undeclared;
}

/** Aliases over the declared names: `Id` always, each other group present or not. */
export function aliasesArb(declared: readonly string[]): fc.Arbitrary<Aliases> {
  const key = rawKeyArb(declared);
  const pair = fc.record({ Id: key, Name: key });
  return fc.record(
    {
      Id: key,
      Name: key,
      Image: key,
      Brand: pair,
      Category: fc.record({ Id: key, Name: key, Categories: key }),
      Merchant: pair,
      Product: pair,
    },
    { requiredKeys: ['Id'] },
  );
}

/** A valid catalog with random attributes of every type/cardinality and aliases to declared or undeclared keys. */
export const catalogArb: fc.Arbitrary<Catalog> = attributesArb.chain((attrs) =>
  fc
    .record({
      Id: fc.integer({ min: 100, max: 2 ** 31 }),
      Name: fc.string({ minLength: 1, maxLength: 30 }),
      Aliases: aliasesArb(attrs.map((a) => a.Attribute)),
      withAttributes: fc.boolean(),
    })
    .map(({ Id, Name, Aliases, withAttributes }): Catalog => {
      // An empty SearchableAttributes is sometimes absent altogether (the field is optional).
      const base = { Id, Name, Type: 'Product' as const, Aliases };
      return attrs.length || withAttributes ? { ...base, SearchableAttributes: attrs } : base;
    }),
);
