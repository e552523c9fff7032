import { describe, expect, it } from 'vitest';
import { percentDecode } from '../../src/wire/percent.js';

describe('percentDecode', () => {
  it('maps decoded offsets back to the input, across 1-, 2-, 3- and 4-byte characters', () => {
    const plain = 'a é € 😀 %';
    const q = encodeURIComponent(plain);
    const r = percentDecode(q);
    if (!r.ok) throw new Error('should decode');
    expect(r.text).toBe(plain);
    // Every character boundary of the decoded text maps to the boundary of its escape.
    let offset = 0;
    for (const ch of plain) {
      expect(r.mapOffset(offset)).toBe(encodeURIComponent(plain.slice(0, offset)).length);
      offset += ch.length;
    }
    expect(r.mapOffset(plain.length)).toBe(q.length);
    // Out-of-range offsets are clamped rather than failing.
    expect(r.mapOffset(-5)).toBe(0);
    expect(r.mapOffset(10_000)).toBe(q.length);
  });

  it('is the identity without any "%"', () => {
    const r = percentDecode('[["a",1]]');
    expect(r.ok && r.text === '[["a",1]]' && r.mapOffset(3) === 3).toBe(true);
  });

  it('accepts lower-case hex and leaves unencoded characters as they are', () => {
    const r = percentDecode('%5b["é",+1]%5d');
    expect(r.ok && r.text).toBe('[["é",+1]]');
  });

  it('reports a lone continuation byte, a lead byte without continuation and an escape cut short', () => {
    const r = percentDecode('%80x%E2%82y%4');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => [p.start, p.end])).toEqual([
      [0, 3],
      [4, 10],
      [11, 13],
    ]);
  });
});
