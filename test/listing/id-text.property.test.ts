import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idFromText, idToText } from '../../src/listing/index.js';
import { idArb } from '../support/item-arbitrary.js';
import { propertyRuns, propertySeed } from '../support/property-runs.js';

describe('ids as text (URL parameters and path segments)', () => {
  it('reads numbers, quoted strings and other text', () => {
    expect(idFromText('12')).toBe(12);
    expect(idFromText('-1.5')).toBe(-1.5);
    expect(idFromText('1e+21')).toBe(1e21);
    expect(idFromText('012')).toBe('012'); // not how a number is written back
    expect(idFromText('"12"')).toBe('12');
    expect(idFromText('"a\\"b"')).toBe('a"b');
    expect(idFromText('"a"b"')).toBe('"a"b"'); // not a JSON literal: the text itself
    expect(idFromText('"')).toBe('"');
    expect(idFromText('sku-12')).toBe('sku-12');
  });

  it('writes a string as itself unless that would read as another id', () => {
    expect(idToText(12)).toBe('12');
    expect(idToText('sku-12')).toBe('sku-12');
    expect(idToText('12')).toBe('"12"');
    expect(idToText('"x"')).toBe('"\\"x\\""');
    expect(idToText('"')).toBe('"');
  });

  it('reads back every id it writes (property)', () => {
    const ids = fc.oneof(idArb, fc.string({ unit: 'binary', maxLength: 6 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string().map((s) => JSON.stringify(s)), fc.integer().map(String));
    fc.assert(
      fc.property(ids, (id) => {
        const back = idFromText(idToText(id));
        // -0 is written "0" and read as 0: the same id in the listing order.
        expect(back === id || (Object.is(id, -0) && back === 0)).toBe(true);
      }),
      { seed: propertySeed(0x5eed0408), numRuns: propertyRuns(2000) },
    );
  });
});
