/**
 * Compares strings by Unicode code point (docs/semantics.md section 3), not by UTF-16 code unit as
 * JavaScript's `<` does: the two differ only when a surrogate pair meets a code unit in
 * U+E000..U+FFFF. This is also the byte order of UTF-8, which is what SQL `COLLATE "C"` (or
 * SQLite's BINARY) compares.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Only when both are at or above the surrogate range can UTF-16 order disagree with code
    // point order: surrogates (D800..DFFF) encode code points above FFFF.
    if (x >= 0xd800 && y >= 0xd800) {
      const xs = x <= 0xdfff;
      const ys = y <= 0xdfff;
      if (xs !== ys) return xs ? 1 : -1;
    }
    return x - y;
  }
  return a.length - b.length;
}
