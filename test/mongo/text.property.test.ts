/**
 * Property: `matches` / `matches-phrase` on mingo equal the evaluator on texts and queries drawn
 * from the characters where case mapping and tokenizing are hardest: Greek sigma (final form
 * depends on context), U+0130 (lower-cases to two code points), the Kelvin and Angstrom signs,
 * astral letters with case (Deseret), combining marks, title-case digraphs, digits and separators.
 * This adds to caseArb (which the main property test runs unchanged), it does not replace it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clause, query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { compile } from '../../src/eval/index.js';
import { toMongo } from '../../src/mongo/index.js';
import { hasToken } from '../../src/text/index.js';
import { mingoMatches, prefixedDocs } from './mingo-harness.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const CHARS = [
  'a', 'A', 'i', 'I', '\u0130', '\u0131', '\u0307', 's', 'S', '\u017F', 'k', 'K', '\u212A', '\u00E5', '\u00C5', '\u212B',
  '\u03A3', '\u03C3', '\u03C2', '\u0391', '\u03B1', '\u0345', '\u02B0', '\u01C5', '\u01C4', '\u01C6', '\u00DF', '\u1E9E',
  '\u{10400}', '\u{10428}', '\u{1D4B3}', '\u0301', '1', '\u0663', ' ', '-', '.', '\'', '\u00AD', '\u{1F600}', '&',
];

const textArb = fc.array(fc.constantFrom(...CHARS), { maxLength: 12 }).map((cs) => cs.join(''));

const catalog: Catalog = {
  Id: 100,
  Name: 'Text',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [{ Attribute: 'text', Type: 'Text', Cardinality: 'One' }],
};

describe('text operators on mingo equal the evaluator on hard characters', () => {
  it('matches and matches-phrase', () => {
    fc.assert(
      fc.property(
        fc.array(textArb, { minLength: 1, maxLength: 12 }),
        textArb.filter(hasToken),
        fc.constantFrom('matches' as const, 'matches-phrase' as const),
        (texts, value, op) => {
          const items = texts.map((text, id) => ({ id, text }));
          const q = query([clause(op, 'text', value)]);
          const p = compile(q, catalog);
          const expected = items.flatMap((it, i) => (p(it) ? [i] : []));
          expect(mingoMatches(toMongo(q, catalog, { prefix: 'data' }), prefixedDocs(items))).toEqual(expected);
        },
      ),
      { seed: propertySeed(0x5eed7e47), numRuns: propertyRuns(300) },
    );
  });
});
