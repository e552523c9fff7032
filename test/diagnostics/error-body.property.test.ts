import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/check/index.js';
import { toErrorBody } from '../../src/diagnostics/index.js';
import { decode } from '../../src/wire/index.js';
import { catalog } from '../check/fixture.js';
import { propertyRuns, propertySeed } from '../support/property-runs.js';

/**
 * The problems of a 400 body that name no place of their own: they concern the whole `q` (not an
 * array, the infix syntax, too long), or say their character themselves (a bad percent-escape).
 */
const WHOLE_QUERY = new Set(['wire/not-an-array', 'wire/infix-as-q', 'wire/too-long', 'wire/bad-percent-encoding']);

/** Text that is nearly a wire query: its characters, operator names and escapes, in any order. */
const nearlyWire = fc.string({
  unit: fc.constantFrom('[', ']', '"', ',', ' ', '{', '}', ':', '\\', 'a', '1', 'e', '-', '.', 'true', 'nul', '%', '5B', '%22', '😀', '\ud800', 'price', 'brand', '<', 'one-of', 'matches'),
  maxLength: 60,
});

describe('toErrorBody on any q', () => {
  it('every error message names its place (a JSON pointer or a character), or concerns the whole query, and ends with its code', () => {
    fc.assert(
      fc.property(fc.oneof(nearlyWire, fc.jsonValue().map((v) => JSON.stringify(v)), fc.string()), (q) => {
        const decoded = decode(q);
        const diagnostics = decoded.query ? validate(decoded.query, catalog) : decoded.diagnostics;
        const errors = diagnostics.filter((d) => d.severity === 'error');
        const body = toErrorBody(diagnostics);
        expect(body.Errors).toHaveLength(errors.length);
        body.Errors.forEach(({ message }, i) => {
          const d = errors[i]!;
          expect(message.endsWith(` [${d.code}]`)).toBe(true);
          if (WHOLE_QUERY.has(d.code)) return;
          if (d.path) expect(message.startsWith(`At ${d.path}: `)).toBe(true);
          else expect(message).toMatch(new RegExp(`^At character ${d.span!.start + 1} of the query text: `));
        });
      }),
      { seed: propertySeed(0x5eed0e01), numRuns: propertyRuns(3000) },
    );
  });
});
