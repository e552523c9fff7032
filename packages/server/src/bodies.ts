import { isUtf8 } from 'node:buffer';
import { HttpError } from './errors.js';

/**
 * Request bodies as bytes: a body that is not valid UTF-8 is a 400 naming the first bad byte
 * (instead of being read with U+FFFD in its place and stored), and a batch item with more members
 * than the limit is a 400 before any per-item work (validation, warnings, the statement) blocks
 * the event loop on it.
 */

/** The offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
export function invalidUtf8Offset(buf: Uint8Array): number {
  if (isUtf8(buf)) return -1;
  let i = 0;
  while (i < buf.length) {
    const b = buf[i] as number;
    let n: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [n, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [n, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [n, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return -1;
}

/** The body as text, or a 400 naming the first byte that is not UTF-8. */
export function utf8Text(buf: Buffer): string {
  const at = invalidUtf8Offset(buf);
  if (at >= 0) {
    const shown = [...buf.subarray(at, at + 4)].map((b) => `0x${b.toString(16).padStart(2, '0')}`).join(' ');
    throw new HttpError(400, [`The request body is not valid UTF-8: the byte at offset ${at} (${shown}) does not start a well-formed UTF-8 sequence. Send the JSON text encoded as UTF-8.`]);
  }
  return buf.toString('utf8');
}

/**
 * A 400 when the `Content-Type` names a charset other than UTF-8: bodies are read as UTF-8, as
 * JSON is exchanged (RFC 8259), and UTF-16 text would otherwise pass the UTF-8 check (its NUL
 * bytes are valid UTF-8) and fail as JSON with a message that does not say why.
 */
export function checkCharset(contentType: string | undefined): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '')?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    throw new HttpError(400, [`The Content-Type says charset=${charset.slice(0, 40)}, but the service reads request bodies as UTF-8 (as JSON is exchanged). Send the body encoded as UTF-8, with charset=utf-8 or no charset.`]);
  }
}

/** A JSON body: UTF-8 checked, parsed, and each batch item's size bounded. */
export function parseJsonBody(buf: Buffer, maxItemMembers: number): unknown {
  const text = utf8Text(buf);
  if (text.trim() === '') throw new HttpError(400, ['The request body is empty; send a JSON object such as {"Items": [...]}.']);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // NUL characters around ASCII are how UTF-16 text looks when read as UTF-8.
    const utf16 = text.includes('\u0000') ? ' (the body holds NUL characters: is it UTF-16? Send it as UTF-8)' : '';
    throw new HttpError(400, [`The request body is not valid JSON${utf16}: ${(e as Error).message}`]);
  }
  checkItemSizes(value, maxItemMembers);
  return value;
}

/** A 400 when an item of `Items` has more than `max` members (keys and elements at every depth). */
export function checkItemSizes(body: unknown, max: number): void {
  const items = body !== null && typeof body === 'object' ? (body as { Items?: unknown }).Items : undefined;
  if (!Array.isArray(items)) return;
  const big: string[] = [];
  items.forEach((item, i) => {
    const n = membersUpTo(item, max + 1);
    if (n > max) big.push(`Items[${i}] has more than ${max} members (object keys and array elements, at all depths); an item this large is refused. Split it, or raise --max-item-members.`);
  });
  if (big.length) throw new HttpError(400, big.slice(0, 100));
}

/** Counts members of a JSON value, stopping once `stop` is reached. */
function membersUpTo(value: unknown, stop: number): number {
  let count = 0;
  const todo: unknown[] = [value];
  while (todo.length && count < stop) {
    const v = todo.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      count += v.length;
      for (const x of v) if (x !== null && typeof x === 'object') todo.push(x);
    } else {
      for (const k in v) {
        count++;
        const x = (v as Record<string, unknown>)[k];
        if (x !== null && typeof x === 'object') todo.push(x);
      }
    }
  }
  return count;
}

/**
 * A form body (`application/x-www-form-urlencoded`, already checked as UTF-8 text) as its
 * name-value pairs, decoded strictly: `+` is a space and each `%XX` a byte, as the form encoding
 * says, but a `%` that is not followed by two hex digits, or escapes whose bytes are not UTF-8
 * (`%E9`, é in Latin-1), is a 400 naming the parameter and the offset of the escape in the body
 * (URLSearchParams would keep the first as it is and store U+FFFD for the second).
 */
export function parseFormBody(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  let start = 0;
  for (const part of text.split('&')) {
    const at = start;
    start += part.length + 1;
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const name = formDecode(rawName, at, undefined);
    pairs.push([name, eq < 0 ? '' : formDecode(part.slice(eq + 1), at + eq + 1, name)]);
  }
  return pairs;
}

/** One form name or value, decoded strictly; `offset` is where it starts in the body. */
function formDecode(s: string, offset: number, name: string | undefined): string {
  if (!/[%+]/.test(s)) return s;
  const where = name === undefined ? 'a parameter name' : `the value of the form key ${JSON.stringify(name.slice(0, 100))}`;
  const bytes: number[] = [];
  // The body offset of each byte's `%` (percent-escaped bytes only), to name a bad one.
  const escapes = new Map<number, number>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) {
        throw new HttpError(400, [`The form body is not valid: in ${where}, the "%" at offset ${offset + i} of the body is not followed by two hex digits. Percent-encode the value (a "%" itself is %25).`]);
      }
      escapes.set(bytes.length, offset + i);
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c === 0x2b) bytes.push(0x20);
    else if (c < 0x80) bytes.push(c);
    else {
      const cp = s.codePointAt(i) as number;
      if (cp > 0xffff) i++;
      bytes.push(...Buffer.from(String.fromCodePoint(cp), 'utf8'));
    }
  }
  const buf = Buffer.from(bytes);
  const bad = invalidUtf8Offset(buf);
  if (bad >= 0) {
    const at = escapes.get(bad);
    const escape = at === undefined ? '' : ` (%${buf[bad]?.toString(16).toUpperCase().padStart(2, '0')})`;
    throw new HttpError(400, [
      `The form body is not valid: in ${where}, the percent escape at offset ${at ?? offset} of the body${escape} does not start a well-formed UTF-8 sequence. Percent-encode the text as UTF-8 (é is %C3%A9).`,
    ]);
  }
  return buf.toString('utf8');
}
