/**
 * The client's static types: checked by `tsc --noEmit` (the project's typecheck compiles this
 * file; every `@ts-expect-error` must meet an error) and by vitest's expectTypeOf.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createClient, type BatchResult, type Catalog, type Item, type ItemPage, type ListedItem } from '../../src/client/index.js';

const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' });

describe('client types', () => {
  it('types every operation with the interface\'s shapes', () => {
    expectTypeOf(client.getCatalog).returns.resolves.toEqualTypeOf<Catalog>();
    expectTypeOf(client.getItem).returns.resolves.toEqualTypeOf<Item>();
    expectTypeOf(client.upsertItems).returns.resolves.toEqualTypeOf<BatchResult>();
    expectTypeOf(client.updateItems).returns.resolves.toEqualTypeOf<BatchResult>();
    expectTypeOf(client.deleteItems).returns.resolves.toEqualTypeOf<BatchResult>();
    expectTypeOf(client.listItems(1042, 'product')).toMatchTypeOf<AsyncIterable<ListedItem>>();
    expectTypeOf(client.listItemPages(1042, 'product')).toMatchTypeOf<AsyncIterable<ItemPage>>();
  });

  it('narrows items by Type', () => {
    const narrow = (item: Item) => {
      if (item.Type === 'ItemFields') {
        // @ts-expect-error: an ItemFields item has no Data
        return item.Data;
      }
      return item.Data;
    };
    expectTypeOf(narrow).toBeFunction();
  });

  it('rejects wrong arguments at compile time', () => {
    const never = () => {
      // @ts-expect-error: not an item kind
      void client.listItems(1042, 'products');
      // @ts-expect-error: catalog ids are numbers
      void client.getCatalog('1042');
      // @ts-expect-error: items are raw objects
      void client.upsertItems(1042, 'product', [1, 2]);
      // @ts-expect-error: no such direction
      void client.listItems(1042, 'product', { direction: 'up' });
      // @ts-expect-error: q is not a number
      void client.listItems(1042, 'product', { q: 5 });
      // @ts-expect-error: apiKey is required
      createClient({ baseUrl: 'http://x' });
    };
    expectTypeOf(never).toBeFunction();
  });
});
