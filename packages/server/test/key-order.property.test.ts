/**
 * Batches take their row locks in one order (store/items.ts): an upsert inserts in the order of
 * catq's `compareCodePoints`, an update or a delete locks with `ORDER BY id_key COLLATE "C"`.
 * The two orders must be the same, or two batches could still lock the same ids in opposite
 * orders. Checked here against PostgreSQL itself on generated ids, JSON texts as the service keys
 * them (numbers, and strings with characters above U+FFFF beside U+E000..U+FFFF, where UTF-16
 * order differs).
 */
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compareCodePoints } from 'catq/listing';
import { idKey } from '../src/store/items.js';
import { DATABASE_URL } from './support/process.js';
import { propertySeed, propertyRuns } from '../../../test/support/property-runs.js';

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
});
afterAll(() => client.end());

const char = fc.oneof(
  fc.constantFrom('a', 'Z', '0', ' ', '"', '\\', '\u00e9', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{1f600}', '\u{10ffff}'),
  fc.integer({ min: 1, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff).map((c) => String.fromCodePoint(c)),
);
const id = fc.oneof(fc.array(char, { maxLength: 6 }).map((cs) => cs.join('')), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));

it('compareCodePoints sorts id keys as PostgreSQL orders them with COLLATE "C"', async () => {
  await fc.assert(
    fc.asyncProperty(fc.uniqueArray(id.map(idKey), { minLength: 2, maxLength: 30 }), async (keys) => {
      const ours = [...keys].sort(compareCodePoints);
      const rows = await client.query('SELECT k FROM unnest($1::text[]) AS k ORDER BY k COLLATE "C"', [keys]);
      expect(ours).toEqual(rows.rows.map((r) => r.k as string));
    }),
    { seed: propertySeed(0x5eed0a7d), numRuns: propertyRuns(200) },
  );
});

it('differs from UTF-16 order where it must: U+E000 before U+10000', () => {
  expect(compareCodePoints('"\ue000"', '"\u{10000}"')).toBeLessThan(0);
  expect('"\ue000"' < '"\u{10000}"').toBe(false);
});
