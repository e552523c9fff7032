/**
 * A value written out for a message or a fix, the way a person would type it, cut short. The
 * values come from callers (the arguments of `clause`, `query`, the builder), so the writing is
 * bounded by the text it makes, not by the value: `JSON.stringify` of a sparse array of length
 * 2³² − 1 would write four billion `null`s first (and throws on a cycle, a BigInt or a getter that
 * throws). Arrays show their first elements, objects their first keys, long strings are cut.
 */

/** What a value is written as when it cannot be read (a revoked proxy, a getter that throws). */
const UNREADABLE = '…';

/**
 * JSON-like text of `value`, at most about `max` characters (`…` marks what is left out), in
 * time bounded by `max` whatever the value: sparse or huge arrays, cycles, proxies and getters
 * included. A short JSON value is written exactly as `JSON.stringify` writes it (as the messages
 * quote values elsewhere); `undefined`, `NaN`, the infinities and BigInts as they read in code.
 */
export function previewValue(value: unknown, max = 60): string {
  const out = { text: '', room: Math.max(8, max) };
  write(value, out, 0);
  return out.text.length > out.room ? out.text.slice(0, out.room - 1) + '…' : out.text;
}

interface Out {
  text: string;
  readonly room: number;
}

/** Appends `value` to `out.text`, stopping once the text is longer than there is room for. */
function write(value: unknown, out: Out, depth: number): void {
  if (out.text.length > out.room) return;
  try {
    switch (typeof value) {
      case 'string':
        out.text += JSON.stringify(value.length > out.room ? value.slice(0, out.room) : value);
        return;
      case 'number':
        // JSON would write NaN and the infinities as null; the message should say what they are.
        out.text += Number.isFinite(value) ? JSON.stringify(value) : String(value);
        return;
      case 'boolean':
        out.text += String(value);
        return;
      case 'undefined':
        out.text += 'undefined';
        return;
      case 'bigint':
        out.text += `${value}n`;
        return;
      case 'symbol':
      case 'function':
        out.text += `a ${typeof value}`;
        return;
    }
    if (value === null) {
      out.text += 'null';
      return;
    }
    if (depth >= 3) {
      out.text += Array.isArray(value) ? '[…]' : '{…}';
      return;
    }
    if (Array.isArray(value)) writeArray(value, out, depth);
    else writeObject(value as object, out, depth);
  } catch {
    out.text += UNREADABLE;
  }
}

/** The first elements of an array, by index: a hole is written as JSON writes it (`null`). */
function writeArray(a: readonly unknown[], out: Out, depth: number): void {
  out.text += '[';
  try {
    const length = a.length;
    for (let i = 0; i < length; i++) {
      if (out.text.length > out.room) {
        out.text += '…';
        break;
      }
      if (i > 0) out.text += ',';
      writeRead(() => (Object.prototype.hasOwnProperty.call(a, i) ? a[i] : null), out, depth + 1);
    }
  } catch {
    out.text += UNREADABLE;
  }
  out.text += ']';
}

/** The first own enumerable keys of an object, each with its value. */
function writeObject(o: object, out: Out, depth: number): void {
  out.text += '{';
  try {
    let first = true;
    // for...in stops at the room left; own keys only (inherited ones are not the caller's data).
    for (const key in o) {
      if (!Object.prototype.hasOwnProperty.call(o, key)) continue;
      if (out.text.length > out.room) {
        out.text += '…';
        break;
      }
      if (!first) out.text += ',';
      first = false;
      out.text += JSON.stringify(key) + ':';
      writeRead(() => (o as Record<string, unknown>)[key], out, depth + 1);
    }
  } catch {
    out.text += UNREADABLE;
  }
  out.text += '}';
}

/** Writes the value `read` gives, or `…` when reading it throws (a getter, a proxy's trap). */
function writeRead(read: () => unknown, out: Out, depth: number): void {
  let value: unknown;
  try {
    value = read();
  } catch {
    out.text += UNREADABLE;
    return;
  }
  write(value, out, depth);
}
