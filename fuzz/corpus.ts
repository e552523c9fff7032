/** The seeds the fuzz inputs are generated from and mutated: the repository's own examples. */
import { readFileSync } from 'node:fs';
import { CONFORMANCE_CATALOG, CONFORMANCE_ITEMS, CONFORMANCE_ROWS, IDLESS_ITEMS } from '../test/fixtures/conformance.js';
import { NASTY_NUMBERS, NASTY_STRINGS, TEXT_WORDS } from '../test/support/item-arbitrary.js';

const root = new URL('../', import.meta.url);

/** Infix queries: every line of the grammar corpus (valid and invalid). */
export const INFIX_SEEDS: readonly string[] = ['valid', 'invalid'].flatMap((name) =>
  readFileSync(new URL(`grammar/corpus/${name}.txt`, root), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#') && !/^\s+(=>|->)/.test(l)),
);

/** Wire queries (parsed arrays): the conformance rows. */
export const WIRE_SEEDS: readonly (readonly unknown[])[] = CONFORMANCE_ROWS.map((r) => r.query);

/** Catalog objects: the conformance catalog and the example catalog. */
export const CATALOG_SEEDS: readonly unknown[] = [CONFORMANCE_CATALOG, JSON.parse(readFileSync(new URL('examples/catalog.json', root), 'utf8')) as unknown];

/** Values that sit on the edges of the language's types. */
export const EDGE_VALUES: readonly unknown[] = [...NASTY_NUMBERS, ...NASTY_STRINGS, ...TEXT_WORDS, true, false, null, [], [1, 'a'], {}, { a: 1 }];

export { CONFORMANCE_CATALOG, CONFORMANCE_ITEMS, IDLESS_ITEMS };
