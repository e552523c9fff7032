import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import { createGunzip } from 'node:zlib';
import { describeValue } from '../diagnostics/index.js';
import { withoutBom } from '../text/bom.js';
import { CliError } from './exit-codes.js';
import { DEFAULT_MAX_LINE_BYTES } from './line-limit.js';
import { fileError, firstInvalidUtf8, invalidByte, refuseDirectoryStdin, type FileRole } from './read-input.js';

/** Called for each item; return `false` to stop reading. */
export type ItemHandler = (item: unknown, line: string, lineNumber: number) => boolean | void;

/** Options of {@link readNdjson}. */
export interface NdjsonOptions {
  /** Skip malformed lines (each reported through `onBadLine`) instead of stopping with an error. */
  readonly skipBadLines?: boolean;
  /** Told about each malformed line that is skipped. */
  readonly onBadLine?: (lineNumber: number, problem: string) => void;
  /** Called after each chunk with the bytes of the file read so far (compressed bytes for gzip). */
  readonly onProgress?: (bytesRead: number) => void;
  /** Called after each chunk; lets the caller flush output with back-pressure. */
  readonly afterChunk?: () => Promise<void> | void;
  /** The longest line read, in bytes (default {@link DEFAULT_MAX_LINE_BYTES}); a longer one stops the reading. */
  readonly maxLineBytes?: number;
}

export { DEFAULT_MAX_LINE_BYTES };

/** What {@link readNdjson} saw. */
export interface NdjsonSummary {
  /** Items handed to the handler. */
  readonly items: number;
  /** Lines read (blank lines included). */
  readonly lines: number;
  /** Malformed lines skipped (only with `skipBadLines`). */
  readonly badLines: number;
  /** Whether the handler stopped the reading early. */
  readonly stopped: boolean;
}

const ITEMS_ROLE: FileRole = { what: 'items', option: '--items', missingFix: 'check the path given to --items, or leave --items out to use the sample items (examples/items.ndjson).' };
const CHUNK = 1 << 20;

/** The size in bytes of the file at `path` (undefined for standard input). */
export async function inputSize(path: string): Promise<number | undefined> {
  if (path === '-') return undefined;
  try {
    return (await stat(path)).size;
  } catch (e) {
    throw fileError(path, ITEMS_ROLE, e);
  }
}

/** How an items source is named in messages: `-` is standard input. */
export function itemsName(path: string): string {
  return path === '-' ? '<stdin>' : path;
}

/**
 * Streams raw items from NDJSON (one JSON object per line; `-` is standard input). Gzip input is
 * recognised by its magic bytes (`1f 8b`), whatever the file is called. Reads 1 MiB chunks and
 * splits lines itself on bytes (no per-line stream machinery), so the cost per item is one UTF-8
 * check and one `JSON.parse`, and a long line is joined once. Blank lines are not items and are
 * passed over; `\r\n` line ends are accepted. A line that is not UTF-8, not JSON or not an object stops the
 * reading with a {@link CliError} naming the file, line and column, unless `skipBadLines` is
 * set; a line longer than `maxLineBytes` always stops it (exit 2), before it is held in memory.
 */
export async function readNdjson(path: string, onItem: ItemHandler, options: NdjsonOptions = {}): Promise<NdjsonSummary> {
  const name = itemsName(path);
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  let bytes = 0;
  if (path === '-') refuseDirectoryStdin();
  const source: Readable = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: CHUNK });
  const counted = countBytes(source, path, (n) => (bytes += n));
  // The bytes of the line being read, as the chunks that hold them: a long line is joined once
  // (linear), never by string concatenation chunk after chunk (quadratic).
  let parts: Buffer[] = [];
  let partBytes = 0;
  let lineNumber = 0;
  let items = 0;
  let badLines = 0;
  let stopped = false;

  const bad = (problem: string, column?: number, fix?: string): boolean => {
    const where = `${name}:${lineNumber}${column ? `:${column}` : ''}`;
    if (!options.skipBadLines) {
      throw new CliError(`${where}: line ${lineNumber} ${problem}.`, {
        fix: fix ?? 'repair or remove that line, or pass --skip-bad-lines to skip malformed lines with a warning.',
      });
    }
    badLines++;
    options.onBadLine?.(lineNumber, `${where}: ${problem}`);
    return true;
  };

  const handle = (buf: Buffer): boolean => {
    lineNumber++;
    if (buf.length === 0) return true;
    if (!isUtf8(buf)) {
      return bad(`is not valid UTF-8 (${invalidByte(buf, firstInvalidUtf8(buf), ' of the line')})`);
    }
    let line = buf.toString('utf8');
    if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    if (lineNumber === 1) line = withoutBom(line);
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch (e) {
      if (line.trim() === '') return true;
      const problem = describeJsonError(e);
      return bad(`is not valid JSON (${problem.message})`, problem.column);
    }
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      // An item is a JSON object. Read as one, an array or a number would be counted and never
      // match: a file that is one JSON array of items would give "0 of 1 items match".
      const whole = Array.isArray(item) && lineNumber === 1;
      return bad(
        `holds ${describeValue(item)}, not an item (an item is a JSON object, one per line)`,
        undefined,
        whole ? `if the file is one JSON array of items, write it one item per line first (jq -c '.[]' ${name} > items.ndjson), or pass --skip-bad-lines to skip lines that are not objects.` : undefined,
      );
    }
    items++;
    return onItem(item, line, lineNumber) !== false;
  };

  const tooLong = (): never => {
    throw new CliError(`${name}:${lineNumber + 1}: line ${lineNumber + 1} is longer than ${maxLineBytes} bytes (the maximum line length).`, {
      fix: `check that the file is NDJSON (one item per line), or raise the limit with --max-line-bytes.`,
    });
  };

  try {
    outer: for await (const chunk of decompressIfGzip(counted)) {
      let start = 0;
      let nl = chunk.indexOf(10);
      while (nl !== -1) {
        if (partBytes + nl - start > maxLineBytes) tooLong();
        const line = partBytes === 0 ? chunk.subarray(start, nl) : Buffer.concat([...parts, chunk.subarray(start, nl)]);
        parts = [];
        partBytes = 0;
        if (!handle(line)) {
          stopped = true;
          break outer;
        }
        start = nl + 1;
        nl = chunk.indexOf(10, start);
      }
      if (start < chunk.length) {
        partBytes += chunk.length - start;
        if (partBytes > maxLineBytes) tooLong();
        parts.push(chunk.subarray(start));
      }
      options.onProgress?.(bytes);
      await options.afterChunk?.();
    }
    if (!stopped && partBytes > 0 && !handle(Buffer.concat(parts))) stopped = true;
  } finally {
    if (path !== '-') source.destroy();
  }
  return { items, lines: lineNumber, badLines, stopped };
}

/** Yields the chunks of `source`, counting bytes, and turns file-system errors into CliErrors. */
async function* countBytes(source: Readable, path: string, add: (n: number) => void): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      add(buf.length);
      yield buf;
    }
  } catch (e) {
    throw fileError(path, ITEMS_ROLE, e);
  }
}

/** Passes chunks through, or through gunzip when the first two bytes are the gzip magic number. */
async function* decompressIfGzip(chunks: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  const first = await chunks.next();
  if (first.done) return;
  const head = first.value;
  if (head.length < 2 || head[0] !== 0x1f || head[1] !== 0x8b) {
    yield head;
    yield* chunks;
    return;
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    yield* chunks;
  }
  const gunzip = createGunzip({ chunkSize: CHUNK });
  const input = Readable.from(all());
  input.on('error', (e) => gunzip.destroy(e));
  input.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`the items input is gzip-compressed but cannot be decompressed: ${(e as Error).message}.`, {
      fix: 'check that the file is complete (not truncated), or decompress it yourself and pass the NDJSON file.',
    });
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

/** The message and 1-based column of a `JSON.parse` error (Node's text, without its position suffix). */
export function describeJsonError(e: unknown): { message: string; column?: number } {
  const text = e instanceof Error ? e.message : String(e);
  const m = /\s*(?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(text);
  if (!m) return { message: text };
  return { message: text.slice(0, m.index), column: Number(m[1]) + 1 };
}
