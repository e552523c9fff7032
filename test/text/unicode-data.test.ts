/**
 * The committed Unicode tables (src/text/unicode-data.generated.ts) are regenerated from the
 * running engine and compared, so they cannot drift from the tokenizer's definition.
 * `UPDATE_UNICODE_DATA=1 npx vitest run test/text/unicode-data.test.ts` rewrites them (after a
 * change of `TOKEN_SOURCE`, or to move to a Node with a newer Unicode version).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveUnicodeTables, encodeUnicodeData, readUnicodeData, unicodeDataModule } from '../../src/text/derive-unicode.js';
import { lowerChanges, tokenCharRanges, usesGeneratedUnicodeData } from '../../src/text/index.js';
import { LOWER_CHANGES, TOKEN_RANGES, UNICODE_VERSION } from '../../src/text/unicode-data.generated.js';

const file = new URL('../../src/text/unicode-data.generated.ts', import.meta.url);

describe('generated unicode tables', () => {
  it('are what deriving them on this engine writes (UPDATE_UNICODE_DATA=1 regenerates)', () => {
    const version = process.versions.unicode ?? 'unknown';
    const source = unicodeDataModule(deriveUnicodeTables(), version);
    if (process.env['UPDATE_UNICODE_DATA']) writeFileSync(file, source);
    if (version === UNICODE_VERSION) expect(readFileSync(file, 'utf8')).toBe(source);
    else expect(usesGeneratedUnicodeData()).toBe(false); // another Unicode version derives its own
  });

  it('read back to exactly the derived tables, which the compilers use', () => {
    const derived = deriveUnicodeTables();
    if (process.versions.unicode === UNICODE_VERSION) {
      expect(usesGeneratedUnicodeData()).toBe(true);
      expect(readUnicodeData(TOKEN_RANGES, LOWER_CHANGES)).toEqual(derived);
    }
    expect(tokenCharRanges()).toEqual(derived.tokenRanges);
    expect([...lowerChanges()]).toEqual(derived.lowerChanges);
  });

  it('round-trip through the module encoding', () => {
    const tables = {
      tokenRanges: [[0x30, 0x39], [0x41, 0x5a], [0x10400, 0x1044f]],
      lowerChanges: [[0x41, 'a'], [0x130, 'i\u0307'], [0x10400, '\u{10428}'], [0x212a, 'k']],
    } as const;
    const { ranges, changes } = encodeUnicodeData(tables);
    expect(readUnicodeData(ranges, changes)).toEqual(tables);
  });
});
