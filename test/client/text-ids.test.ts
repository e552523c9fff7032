/**
 * The client with ids that are the text of a number ("10") or a quoted string, over real HTTP:
 * forward and backward walks (the backward one builds its first boundary from an item's id)
 * visit every item once, and getItem asks for the string id, not the number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { CATALOG } from './support/catalog.js';
import { API_KEY, startTestService, type TestService } from './support/test-service.js';

const ITEMS = [10, '10', '11', '"q"', 7, '12'].map((id) => ({ id, title: `item ${typeof id} ${id}` }));
const ORDER = [7, 10, '"q"', '10', '11', '12']; // the last is a string that reads as a number
let service: TestService;
const client = () => createClient({ baseUrl: service.url, apiKey: API_KEY, retry: { retries: 0 } });

beforeAll(async () => {
  service = await startTestService(CATALOG, ITEMS);
});
afterAll(() => service.close());

describe('ids that read as numbers', () => {
  it.each([1, 2, 3])('walks forward and backward over every item, limit %i', async (limit) => {
    expect((await client().listItems(1042, 'product', { limit }).toArray({ max: 100 })).map((i) => i.Id)).toEqual(ORDER);
    expect((await client().listItems(1042, 'product', { limit, direction: 'backward' }).toArray({ max: 100 })).map((i) => i.Id)).toEqual([...ORDER].reverse());
  });

  it('getItem asks for the string id', async () => {
    expect((await client().getItem(1042, 'product', '10')).Id).toBe('10');
    expect((await client().getItem(1042, 'product', 10)).Id).toBe(10);
    expect((await client().getItem(1042, 'product', '"q"')).Id).toBe('"q"');
  });
});
