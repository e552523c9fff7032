/**
 * Response compression for bodies that are already in memory (a string or a Buffer: every JSON
 * response of the service), in one zlib call.
 *
 * Why not only `@fastify/compress`: it pushes such a body through a zlib stream, and on this
 * service's JSON pages that costs about twice the CPU of one `gzipSync` of the same bytes (a stream
 * and a zlib context per response, and work handed to the thread pool and back). This hook runs
 * before the plugin's and sets `Content-Encoding`, so the plugin lets these replies pass; it is
 * still registered for request bodies that arrive compressed, and for streamed responses.
 */
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dropZlibContext, zlibContext } from './zlib-context.js';

/** Smallest body compressed, in bytes: below it the bytes saved do not pay for the work. */
export const COMPRESS_THRESHOLD = 1024;
/** Bodies over this size are compressed on the thread pool, so one huge page does not block the event loop. */
export const ASYNC_THRESHOLD = 1 << 20;

/**
 * The content codings the service sends, in its order of preference when the client rates them
 * equally: for files compressed once at build time (the console's), where the smallest wins.
 */
export const CODINGS = ['br', 'gzip', 'deflate'] as const;
export type Coding = (typeof CODINGS)[number];
/**
 * The order for replies compressed as they are sent (every JSON reply): gzip first, because its
 * zlib context is kept from one reply to the next (zlib-context.ts) and brotli's is not. Inside the
 * service under load (2026-11-28, a 10 KB List page, `.scratch`-style A/B of two builds) brotli at
 * quality 1 added 55–60 µs of CPU per request and the kept gzip 30–45 µs; on a 23 KB page brotli's
 * result was 9% smaller (1,760 against 1,938 bytes), a difference no client waits for.
 */
export const REPLY_CODINGS: readonly Coding[] = ['gzip', 'br', 'deflate'];

/**
 * The coding to send for a request's `Accept-Encoding`, or undefined to send the body as it is.
 * Follows RFC 9110 §12.5.3: codings are case-insensitive (`x-gzip` is `gzip`); `q=0` refuses a
 * coding; `*` rates every coding the header does not name; the highest rating wins, ties go to
 * the first in `among`; an `identity` rated above every coding keeps the body as it is; no
 * header, or nothing acceptable, means no coding.
 *
 * Written here rather than taken from `@fastify/accept-negotiator` (the plugin's), which picks
 * the refused coding for `br;q=0, *` and does not match `GZIP`. `among`: the codings that can be
 * sent, in order of preference (`CODINGS` by default: br, gzip, deflate; the page at `/` has only
 * its precompressed files; replies use `REPLY_CODINGS`).
 */
export function negotiateCoding(header: string | undefined, among: readonly Coding[] = CODINGS): Coding | undefined {
  if (!header) return undefined;
  const rated = new Map<string, number>();
  for (const element of header.split(',')) {
    const [rawName = '', ...params] = element.split(';');
    let name = rawName.trim().toLowerCase();
    if (name === '') continue;
    if (name === 'x-gzip') name = 'gzip';
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq >= 0 && param.slice(0, eq).trim().toLowerCase() === 'q') q = Number(param.slice(eq + 1).trim());
    }
    // A rating that is not a number from 0 to 1 makes the element invalid: it is ignored.
    if (!(q >= 0 && q <= 1)) continue;
    if (!rated.has(name)) rated.set(name, q);
  }
  const star = rated.get('*');
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of among) {
    const q = rated.get(coding) ?? star ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best !== undefined && bestQ >= (rated.get('identity') ?? 0) ? best : undefined;
}

/** mime-db, the media type table `@fastify/compress` consults too (the same module, loaded once). */
const mimeDb = createRequire(import.meta.url)('mime-db') as Record<string, { compressible?: boolean } | undefined>;
const compressibleCache = new Map<string, boolean>();

/**
 * Whether a `Content-Type` is worth compressing: text (but not `text/event-stream`), JSON and XML
 * (`+json`, `+xml` too), else what mime-db marks compressible (`application/javascript`,
 * `image/svg+xml`, `application/wasm`, ...). Images, archives and octet streams are not.
 */
export function isCompressible(contentType: string): boolean {
  const known = compressibleCache.get(contentType);
  if (known !== undefined) return known;
  const type = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  const yes = type !== 'text/event-stream' && (type.startsWith('text/') || /[+/](json|xml)$/.test(type) || mimeDb[type]?.compressible === true);
  // The types come from the service's own replies: few, but bounded all the same.
  if (compressibleCache.size >= 100) compressibleCache.clear();
  compressibleCache.set(contentType, yes);
  return yes;
}

/**
 * Brotli quality 1: on a 26 KB page of 100 items, 31 µs and 3,008 bytes, against 62 µs and 2,680
 * bytes at quality 2 (measured on the service's pages).
 */
const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});
/**
 * Level 1: on JSON pages it saves most of the bytes that level 6 does, for a fraction of the CPU.
 * memLevel 9 (zlib's most, 256 KB of state): the same bytes as the default 8, 15% less CPU.
 */
const ZLIB_OPTIONS: zlib.ZlibOptions = { level: 1, memLevel: 9 };

/**
 * `body` compressed with `coding` in one synchronous call: brotli at quality 1, gzip and deflate at
 * level 1 through the process's kept zlib context (zlib-context.ts), or a new one where Node's
 * internals do not allow keeping it.
 */
export function compressSync(coding: Coding, body: Buffer): Buffer {
  if (coding === 'br') return zlib.brotliCompressSync(body, brotliOptions(body.length));
  const kept = zlibContext(coding, ZLIB_OPTIONS);
  if (kept) {
    try {
      return kept.compress(body);
    } catch {
      // The context died (zlib out of memory); the next call makes another. This body goes the plain way.
      dropZlibContext(coding, ZLIB_OPTIONS);
    }
  }
  return coding === 'gzip' ? zlib.gzipSync(body, ZLIB_OPTIONS) : zlib.deflateSync(body, ZLIB_OPTIONS);
}

/** `compressSync` on the thread pool (one call, no stream): for bodies over `ASYNC_THRESHOLD`. */
export function compressAsync(coding: Coding, body: Buffer, done: (error: Error | null, result: Buffer) => void): void {
  if (coding === 'br') zlib.brotliCompress(body, brotliOptions(body.length), done);
  else if (coding === 'gzip') zlib.gzip(body, ZLIB_OPTIONS, done);
  else zlib.deflate(body, ZLIB_OPTIONS, done);
}

/** `Vary` with `Accept-Encoding` added, unless it names it (or is `*`) already; undefined: leave it. */
function varyWithAcceptEncoding(vary: unknown): string | undefined {
  if (vary === undefined || vary === null || vary === '') return 'Accept-Encoding';
  const value = Array.isArray(vary) ? vary.join(', ') : String(vary);
  const names = value.split(',').map((v) => v.trim().toLowerCase());
  return names.includes('accept-encoding') || names.includes('*') ? undefined : `${value}, Accept-Encoding`;
}

/**
 * Whether `text` takes at least `bytes` bytes in UTF-8, without encoding it when its length
 * decides (each UTF-16 unit takes one to three bytes): a page of 30 KB is not scanned twice.
 */
function utf8AtLeast(text: string, bytes: number): boolean {
  if (text.length >= bytes) return true;
  if (text.length * 3 < bytes) return false;
  return Buffer.byteLength(text) >= bytes;
}

/**
 * An `onSend` hook compressing string and Buffer bodies of at least `COMPRESS_THRESHOLD` bytes of
 * a compressible type, with the coding `negotiateCoding` picks among `REPLY_CODINGS`, in one zlib call (async over
 * `ASYNC_THRESHOLD`). It sets `Content-Encoding`, adds `Accept-Encoding` to `Vary` and drops a
 * stale `Content-Length` (Fastify writes the new one). It leaves alone replies that already have a
 * `Content-Encoding` (precompressed files), 204, 206 and 304 replies, `HEAD` requests, requests
 * with `X-No-Compression` (as the plugin does), and bodies that do not get smaller.
 */
export function compressOnSend(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void): void {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  const status = reply.statusCode;
  if (
    status === 204 ||
    status === 304 ||
    status === 206 ||
    req.method === 'HEAD' ||
    reply.hasHeader('content-encoding') ||
    reply.hasHeader('content-range') ||
    req.headers['x-no-compression'] !== undefined ||
    (typeof payload === 'string' ? utf8AtLeast(payload, COMPRESS_THRESHOLD) === false : payload.length < COMPRESS_THRESHOLD)
  ) {
    return done(null, payload);
  }
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !isCompressible(type)) return done(null, payload);
  const coding = negotiateCoding(req.headers['accept-encoding'], REPLY_CODINGS);
  if (coding === undefined) return done(null, payload);

  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const finish = (error: Error | null, compressed?: Buffer): void => {
    if (error) return done(error);
    // Not smaller (already compressed data, say): the body as it is, without a coding.
    if (!compressed || compressed.length >= body.length) return done(null, payload);
    const vary = varyWithAcceptEncoding(reply.getHeader('vary'));
    if (vary !== undefined) void reply.header('vary', vary);
    void reply.header('content-encoding', coding).removeHeader('content-length');
    done(null, compressed);
  };
  if (body.length > ASYNC_THRESHOLD) {
    compressAsync(coding, body, finish);
    return;
  }
  let compressed: Buffer;
  try {
    compressed = compressSync(coding, body);
  } catch (e) {
    return finish(e as Error);
  }
  finish(null, compressed);
}

/** The request codings the service decodes with `--compression on` (@fastify/compress's, in app.ts). */
export const REQUEST_CODINGS: readonly Coding[] = ['gzip', 'deflate', 'br'];

/** The codings of a `Content-Encoding`, in the order applied: lower case (`x-gzip` is `gzip`), without `identity` (no coding) or empty entries. */
function requestCodings(header: string | string[]): string[] {
  const sent = Array.isArray(header) ? header.join(', ') : header;
  return sent
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .map((c) => (c === 'x-gzip' ? 'gzip' : c))
    .filter((c) => c !== '' && c !== 'identity');
}

/** Whether a request has a body (a `Content-Length` other than 0, or a `Transfer-Encoding`). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * With `--compression on`: the one coding a request body is to be decoded with (undefined: none),
 * or the message of a 400. Content codings are case-insensitive and `identity` in a list means no
 * coding (RFC 9110 §8.4.1), but @fastify/compress takes the whole header as one lower-case name:
 * `GZIP`, `gzip, identity` and `identity, gzip` were "Unsupported Content-Encoding: GZIP". So the
 * header is read here, and the plugin is given the coding alone (app.ts). It decodes one coding,
 * gzip, deflate or br: anything else (`zstd`, `compress`, or two codings one over the other, such
 * as `gzip, gzip`) is refused with a message naming them. A request without a body is never
 * refused for its header (it has nothing to decode).
 */
export function requestCoding(headers: Record<string, string | string[] | undefined>): { coding?: Coding; problem?: string } {
  const header = headers['content-encoding'];
  if (header === undefined || !hasBody(headers)) return {};
  const codings = requestCodings(header);
  const [only] = codings;
  if (only === undefined) return {};
  if (codings.length === 1 && (REQUEST_CODINGS as readonly string[]).includes(only)) return { coding: only as Coding };
  const sent = (Array.isArray(header) ? header.join(', ') : header).slice(0, 100);
  const what = codings.length === 1 ? 'a coding this server does not decode' : `${codings.length} codings applied one over the other, which this server does not decode`;
  return {
    problem:
      `The request body is sent with Content-Encoding: ${sent}, ${what}. Send the body compressed with one of the codings this server decodes, ` +
      `${REQUEST_CODINGS.slice(0, -1).join(', ')} or ${REQUEST_CODINGS[REQUEST_CODINGS.length - 1]} (in any case; identity entries are ignored), or uncompressed without a Content-Encoding header.`,
  };
}

/**
 * With `--compression off` request bodies are not decompressed, and one sent with a
 * `Content-Encoding` was read as its compressed bytes: a gzip body was "not valid UTF-8: the byte
 * at offset 1 (0x8b ...)", which does not say what to do. The message for such a request, or
 * undefined when it has no body or no coding (`identity` is none).
 */
export function encodedBodyProblem(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers['content-encoding'];
  if (header === undefined || !hasBody(headers)) return undefined;
  const sent = Array.isArray(header) ? header.join(', ') : header;
  if (!requestCodings(header).length) return undefined;
  // Second advice only for a body --compression on would decode (requestCoding).
  const orOn = requestCoding(headers).coding !== undefined ? ', or start the server with --compression on (it then decompresses gzip, deflate and br bodies)' : '';
  return `The request body is sent with Content-Encoding: ${sent.slice(0, 100)}, but this server does not accept compressed request bodies (it runs with --compression off): send the body uncompressed, without a Content-Encoding header${orOn}.`;
}
