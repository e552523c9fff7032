/**
 * FNV-1a over the UTF-16 code units of `s`, as an unsigned 32-bit number: the one string hash of
 * the project (the stable names of index and search-layout columns, the listing's table of
 * `q` texts read once). Not for anything an attacker must not collide.
 */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
