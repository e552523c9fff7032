import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { CliError } from './exit-codes.js';
import { fileError, type FileRole } from './read-input.js';

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
}

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

/**
 * Streams raw items from NDJSON (one JSON value per line; `-` is standard input). Gzip input is
 * recognised by its magic bytes (`1f 8b`), whatever the file is called. Reads 1 MiB chunks and
 * splits lines itself (no per-line stream machinery), so the cost per item is one `JSON.parse`.
 * Blank lines are not items and are passed over; `\r\n` line ends are accepted. A malformed line
 * stops the reading with a {@link CliError} naming the file, line and column, unless
 * `skipBadLines` is set.
 */
export async function readNdjson(path: string, onItem: ItemHandler, options: NdjsonOptions = {}): Promise<NdjsonSummary> {
  const name = path === '-' ? '<stdin>' : path;
  let bytes = 0;
  const source: Readable = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: CHUNK });
  const counted = countBytes(source, path, (n) => (bytes += n));
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let lineNumber = 0;
  let items = 0;
  let badLines = 0;
  let stopped = false;

  const handle = (line: string): boolean => {
    lineNumber++;
    if (line.length === 0) return true;
    if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    if (lineNumber === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch (e) {
      if (line.trim() === '') return true;
      const problem = describeJsonError(e);
      if (!options.skipBadLines) {
        throw new CliError(`${name}:${lineNumber}${problem.column ? `:${problem.column}` : ''}: line ${lineNumber} is not valid JSON (${problem.message}).`, {
          fix: 'repair or remove that line, or pass --skip-bad-lines to skip malformed lines with a warning.',
        });
      }
      badLines++;
      options.onBadLine?.(lineNumber, `${name}:${lineNumber}${problem.column ? `:${problem.column}` : ''}: ${problem.message}`);
      return true;
    }
    items++;
    return onItem(item, line, lineNumber) !== false;
  };

  try {
    outer: for await (const chunk of decompressIfGzip(counted)) {
      const text = rest + decoder.write(chunk as Buffer);
      let start = 0;
      let nl = text.indexOf('\n');
      while (nl !== -1) {
        if (!handle(text.slice(start, nl))) {
          stopped = true;
          break outer;
        }
        start = nl + 1;
        nl = text.indexOf('\n', start);
      }
      rest = text.slice(start);
      options.onProgress?.(bytes);
      await options.afterChunk?.();
    }
    if (!stopped) {
      rest += decoder.end();
      if (rest.length > 0 && !handle(rest)) stopped = true;
    }
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
function describeJsonError(e: unknown): { message: string; column?: number } {
  const text = e instanceof Error ? e.message : String(e);
  const m = /\s*(?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(text);
  if (!m) return { message: text };
  return { message: text.slice(0, m.index), column: Number(m[1]) + 1 };
}
