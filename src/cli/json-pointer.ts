/**
 * Reads the value at an RFC 6901 JSON pointer (`/Parameters/q`; `''` is the whole document).
 * Own properties only; array indexes are decimal without leading zeros. Returns `found: false`
 * with the deepest existing path and its keys when the pointer leads nowhere.
 */
export function readPointer(doc: unknown, pointer: string): { found: true; value: unknown } | { found: false; reached: string; keys: string[] } {
  if (pointer === '') return { found: true, value: doc };
  const segments = pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let here: unknown = doc;
  let reached = '';
  for (const seg of segments) {
    let next: unknown;
    let ok = false;
    if (Array.isArray(here)) {
      if (/^(0|[1-9][0-9]*)$/.test(seg) && Number(seg) < here.length) {
        next = here[Number(seg)];
        ok = true;
      }
    } else if (here !== null && typeof here === 'object' && Object.prototype.hasOwnProperty.call(here, seg)) {
      next = (here as Record<string, unknown>)[seg];
      ok = true;
    }
    if (!ok) return { found: false, reached, keys: keysOf(here) };
    here = next;
    reached += '/' + seg.replace(/~/g, '~0').replace(/\//g, '~1');
  }
  return { found: true, value: here };
}

function keysOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map((_, i) => String(i));
  if (v !== null && typeof v === 'object') return Object.keys(v);
  return [];
}

/** Whether `s` is a syntactically valid JSON pointer. */
export function isPointer(s: string): boolean {
  return s === '' || (s.startsWith('/') && !/~[^01]|~$/.test(s));
}
