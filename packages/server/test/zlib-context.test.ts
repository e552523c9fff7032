/**
 * The kept zlib context (src/zlib-context.ts): on this Node it is made, and every body it
 * compresses reads back alone, whatever came before it (empty, tiny, incompressible, larger than
 * its 64 KB output buffer, any byte), for gzip and deflate; `compressSync` goes through it.
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressSync } from '../src/compression.js';
import { dropZlibContext, zlibContext } from '../src/zlib-context.js';
import { propertyRuns, propertySeed } from '../../../test/support/property-runs.js';

const OPTIONS: zlib.ZlibOptions = { level: 1, memLevel: 9 };

/** Bodies of every kind: text (with astral characters), random bytes, repeated bytes, sizes 0 to ~300 KB. */
const body = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 2000 }).map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 200_000 }).map((a) => Buffer.from(a)),
  fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 300_000 })).map(([b, n]) => Buffer.alloc(n, b)),
  fc.constant(Buffer.alloc(0)),
);

describe('zlibContext', () => {
  it('is made on this Node (its internals are the ones it checks for)', () => {
    expect(zlibContext('gzip', OPTIONS)).toBeDefined();
    expect(zlibContext('deflate', OPTIONS)).toBeDefined();
  });

  for (const kind of ['gzip', 'deflate'] as const) {
    const inflate = kind === 'gzip' ? zlib.gunzipSync : zlib.inflateSync;
    it(`${kind}: each body reads back alone, after any other`, () => {
      const context = zlibContext(kind, OPTIONS);
      if (!context) throw new Error('no kept context on this Node');
      fc.assert(
        fc.property(fc.array(body, { minLength: 1, maxLength: 4 }), (bodies) => {
          for (const b of bodies) expect(inflate(context.compress(b)).equals(b)).toBe(true);
        }),
        { seed: propertySeed(kind === 'gzip' ? 0x21b6c0de : 0x21b6def1), numRuns: propertyRuns(60) },
      );
    });

    it(`${kind}: a result larger than the 64 KB output buffer (several writes), then a small one`, () => {
      const context = zlibContext(kind, OPTIONS);
      if (!context) throw new Error('no kept context on this Node');
      const noise = randomBytes(300_000);
      const packed = context.compress(noise);
      expect(packed.length).toBeGreaterThan(3 * 64 * 1024);
      expect(inflate(packed).equals(noise)).toBe(true);
      expect(inflate(context.compress(Buffer.from('after'))).toString()).toBe('after');
    });

    it(`${kind}: the same bytes as a new context per call`, () => {
      const context = zlibContext(kind, OPTIONS);
      if (!context) throw new Error('no kept context on this Node');
      const page = Buffer.from(JSON.stringify({ Items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Waterproof tent ${i}`, price: i * 1.5 })) }));
      const fresh = kind === 'gzip' ? zlib.gzipSync(page, OPTIONS) : zlib.deflateSync(page, OPTIONS);
      context.compress(Buffer.from('something before'));
      expect(context.compress(page).equals(fresh)).toBe(true);
    });
  }

  it('compressSync uses the kept context, and makes a new one after it is dropped', () => {
    const page = Buffer.from('x'.repeat(5000) + 'y'.repeat(5000));
    const before = zlibContext('gzip', OPTIONS);
    expect(zlib.gunzipSync(compressSync('gzip', page)).equals(page)).toBe(true);
    expect(zlibContext('gzip', OPTIONS)).toBe(before);
    dropZlibContext('gzip', OPTIONS);
    const after = zlibContext('gzip', OPTIONS);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(zlib.gunzipSync(compressSync('gzip', page)).equals(page)).toBe(true);
  });
});
