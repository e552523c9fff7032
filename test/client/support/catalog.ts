/** The catalog and generated items the client's tests share. */
import { loadCatalog, type Catalog } from '../../../src/index.js';

export const CATALOG: Catalog = (() => {
  const { catalog } = loadCatalog({
    Id: 1042,
    Name: 'Client test catalog',
    Type: 'Product',
    Aliases: { Id: 'id', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand' } },
    SearchableAttributes: [
      { Attribute: 'id', Type: 'Number', Cardinality: 'One' },
      { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
      { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
      { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    ],
  });
  if (!catalog) throw new Error('test catalog rejected');
  return catalog;
})();

const BRANDS = ['Acme', 'Hearth', 'Fj\u00e4llr\u00e4ven', 'Tern & Hook', '\u{1F3D4}\u{FE0F} Peak'];

/** `n` products with ids 1..n (numbers) and a deterministic mix of brands and prices. */
export function products(n: number, first = 1): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const id = first + i;
    return { id, title: `Product ${id} rain jacket ${i % 3 ? 'red' : 'blue'}`, brand: BRANDS[id % BRANDS.length], price: (id * 7919) % 1000 / 10 };
  });
}
