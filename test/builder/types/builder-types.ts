// Type tests of the query builder, compiled by test/builder/types.test.ts with `tsc --noEmit`
// (tsconfig.json beside this file). Every `@ts-expect-error` line must be an error (tsc reports
// an unused directive otherwise), and the test also checks that each of those lines really is
// an error once its directive is removed. The other lines must compile.
import { defineCatalog, queryBuilder, type FieldOf, type OperatorOf, type ValueOf } from '../../../src/builder/index.js';
import type { Catalog, JsonArray, Query } from '../../../src/index.js';

/** Compile-time equality of two types. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | undefined {
  return undefined;
}

// Declared as a constant through a `const` type parameter: no `as const`.
const shop = defineCatalog({
  Id: 700,
  Name: 'Shop',
  Type: 'Product',
  Aliases: { Id: 'sku', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand' }, Image: 'picture' },
  SearchableAttributes: [
    { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'brand_id', Type: 'Referenced', ReferenceId: 300, Cardinality: 'One' },
    { Attribute: 'tags', Type: 'Array', Cardinality: 'One' },
    { Attribute: 'specs', Type: 'Object', Cardinality: 'One' },
    { Attribute: 'Name', Type: 'String', Cardinality: 'One' },
  ],
});
const b = queryBuilder(shop);

// ---- positive cases -------------------------------------------------------------------------
b.where('price', '<', 20).where('title', 'matches', 'rain jacket').toQ();
b.where('price', '>=', 0.5).where('price', 'one-of', [1, 2, 3]).where('price', 'present?', true);
b.where('sizes', '=', 42).where('sizes', 'one-of', [40, 41]);
b.where('title', '<', 'm').where('title', 'matches-phrase', 'rain jacket').where('title', '=', 'x');
b.where('brand', '<=', 'M').where('brand', 'one-of', ['Acme', 'Globex']);
b.where('in_stock', '=', true).where('in_stock', 'one-of', [true, false]);
b.where('brand_id', '=', 5).where('brand_id', '=', '5').where('brand_id', 'one-of', [5, 'x']);
b.where('tags', '=', 'sale').where('tags', 'one-of', ['sale', 3, true]);
b.where('specs', 'present?', false);
// Alias paths resolve through Aliases to the declared attribute and take its type.
b.where('Id', '=', 'A-1').where('Brand.Name', 'one-of', ['Acme']).where('Brand.Id', '=', 9);
// A declared attribute named like an alias path wins over the alias (Name is String, not Text).
b.where('Name', '<', 'K');
// and() takes another builder (of any catalog type) or a Query; options take decode's limits.
b.and(b.where('price', '<', 1)).and(b.toQuery()).where('sku', '=', 'x');
queryBuilder(shop, { limits: { maxClauses: 5, maxListLength: 5000 } }).where('sku', 'one-of', ['a']);
const asQuery: Query = b.toQuery();
const asWire: JsonArray = b.toWire();
const asText: string = b.toInfix() + b.toQ();
void asQuery;
void asWire;
void asText;
// Inline catalogs are read as constants too.
queryBuilder({ Id: 100, Name: 'n', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [{ Attribute: 'id', Type: 'Number', Cardinality: 'One' }] }).where('id', '>', 3);
// A catalog only known at run time: anything type-checks; the run-time checks still apply.
declare const loaded: Catalog;
queryBuilder(loaded).where('whatever', 'one-of', [{ any: 'json' }]);
const parsed: unknown = JSON.parse('{}');
queryBuilder(parsed as Catalog).where('x', '=', null);
queryBuilder(JSON.parse('{}') as ReturnType<typeof JSON.parse>).where('x', 'matches', 'y');
assertType<Equal<FieldOf<typeof shop>, 'sku' | 'title' | 'price' | 'sizes' | 'brand' | 'in_stock' | 'brand_id' | 'tags' | 'specs' | 'Name' | 'Id' | 'Brand.Id' | 'Brand.Name'>>();
assertType<Equal<OperatorOf<typeof shop, 'specs'>, 'present?'>>();
assertType<Equal<OperatorOf<typeof shop, 'Brand.Id'>, '=' | 'one-of' | 'present?'>>();
assertType<Equal<ValueOf<typeof shop, 'Id', '='>, string>>();
assertType<Equal<ValueOf<typeof shop, 'tags', 'one-of'>, readonly [string | number | boolean, ...(string | number | boolean)[]]>>();
assertType<Equal<FieldOf<Catalog>, string>>();

// ---- negative cases: one error per line -----------------------------------------------------
// wrong field
// @ts-expect-error: "prce" is not a field of the catalog
b.where('prce', '<', 20);
// @ts-expect-error: Image's raw key "picture" is not a searchable attribute
b.where('Image', '=', 'x');
// @ts-expect-error: the catalog defines no Category aliases
b.where('Category.Id', '=', 1);
// @ts-expect-error: field names are case-sensitive
b.where('Price', '<', 20);
// wrong operator for the type
// @ts-expect-error: matches only applies to Text
b.where('brand', 'matches', 'acme');
// @ts-expect-error: matches-phrase only applies to Text
b.where('price', 'matches-phrase', '20');
// @ts-expect-error: < does not apply to Boolean
b.where('in_stock', '<', true);
// @ts-expect-error: >= does not apply to Referenced
b.where('brand_id', '>=', 3);
// @ts-expect-error: <= does not apply to Array
b.where('tags', '<=', 'a');
// @ts-expect-error: Object attributes only take present?
b.where('specs', '=', 'x');
// @ts-expect-error: not an operator of the language
b.where('price', 'lt', 20);
// @ts-expect-error: no != in the language
b.where('price', '!=', 20);
// wrong value type
// @ts-expect-error: a Number takes a number, not a numeric string
b.where('price', '<', '20');
// @ts-expect-error: a String takes a string
b.where('brand', '=', 5);
// @ts-expect-error: Boolean takes true or false
b.where('in_stock', '=', 'true');
// @ts-expect-error: present? takes a boolean
b.where('price', 'present?', 1);
// @ts-expect-error: matches takes a string
b.where('title', 'matches', ['rain', 'jacket']);
// @ts-expect-error: one-of candidates have the field's type
b.where('price', 'one-of', [1, '2']);
// @ts-expect-error: one-of takes a list, not one value
b.where('price', 'one-of', 1);
// @ts-expect-error: Array elements are scalars, not arrays
b.where('tags', '=', ['a']);
// @ts-expect-error: an alias path takes the type of its attribute (Brand.Id is Referenced)
b.where('Brand.Id', '=', true);
// @ts-expect-error: null is not a value of any type
b.where('brand', '=', null);
// empty one-of
// @ts-expect-error: one-of needs at least one candidate
b.where('brand', 'one-of', []);
declare const someBrands: string[];
// @ts-expect-error: an array that may be empty is not a non-empty tuple
b.where('brand', 'one-of', someBrands);
// catalogs
// @ts-expect-error: Text attributes have cardinality One
defineCatalog({ Id: 1, Name: 'n', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [{ Attribute: 'id', Type: 'Text', Cardinality: 'Many' }] });
// @ts-expect-error: Type must be Product
queryBuilder({ Id: 1, Name: 'n', Type: 'Service', Aliases: { Id: 'id' } });
// @ts-expect-error: a catalog without searchable attributes has no field to search
queryBuilder({ Id: 100, Name: 'n', Type: 'Product', Aliases: { Id: 'id' } }).where('id', '=', 1);
// @ts-expect-error: the option is `limits`
queryBuilder(shop, { limit: 5 });
// @ts-expect-error: and() takes a query, not infix text
b.and('price < 20');
