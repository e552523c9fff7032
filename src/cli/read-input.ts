import { isUtf8 } from 'node:buffer';
import { fstatSync, readFileSync, statSync } from 'node:fs';
import { DEFAULT_LIMITS } from '../wire/limits.js';
import { withoutBom } from '../text/bom.js';
import { LineIndex } from '../diagnostics/index.js';
import { CliError } from './exit-codes.js';

/** What a file is for, used in messages (`the catalog file`, `the job file`, ...). */
export interface FileRole {
  /** For example `catalog`, `items`, `job`. */
  readonly what: string;
  /** The option that names the file, for the fix (`--catalog`). */
  readonly option: string;
  /** Extra advice for a missing file. */
  readonly missingFix?: string;
}

/** Turns a file-system error into a {@link CliError} that names the file and the fix. */
export function fileError(path: string, role: FileRole, e: unknown): CliError {
  const code = (e as { code?: unknown } | null)?.code;
  const name = `the ${role.what} file "${path}"`;
  if (code === 'ENOENT') {
    return new CliError(`cannot read ${name}: there is no such file.`, {
      fix: role.missingFix ?? `check the path given to ${role.option}.`,
    });
  }
  if (code === 'EISDIR') return new CliError(`cannot read ${name}: it is a directory.`, { fix: `pass a file to ${role.option}.` });
  if (code === 'EACCES' || code === 'EPERM') {
    return new CliError(`cannot read ${name}: permission denied.`, { fix: `make the file readable, or pass another file to ${role.option}.` });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new CliError(`cannot read ${name}: ${message}`, { fix: `check the path given to ${role.option}.` });
}

/**
 * Reads a UTF-8 text file (a leading byte-order mark is dropped); failures become {@link CliError}s.
 * Synchronous on purpose: catalogs and job files are small, and the promise API costs a CLI call
 * several milliseconds of start-up.
 */
export async function readTextFile(path: string, role: FileRole): Promise<string> {
  let bytes: Buffer;
  try {
    // Before reading: a file too large for a string would end in V8's own message.
    const size = statSync(path).size;
    if (size > MAX_TEXT_FILE_BYTES) {
      throw new CliError(`cannot read the ${role.what} file "${path}": it is ${size} bytes, more than the ${MAX_TEXT_FILE_BYTES} bytes catq reads.`, {
        fix: `pass the ${role.what} JSON file to ${role.option}; a ${role.what} file is a few kilobytes.`,
      });
    }
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw fileError(path, role, e);
  }
  return withoutBom(utf8Text(bytes, `the ${role.what} file "${path}"`, `save the file as UTF-8, or pass another file to ${role.option}.`));
}

/** The largest catalog or job file read (a catalog is a few kilobytes; a string holds at most 2^29 characters). */
export const MAX_TEXT_FILE_BYTES = 256 * 1024 * 1024;

/**
 * The bytes as UTF-8 text, or a {@link CliError} naming `what` and the first byte that is not
 * UTF-8 (as for a line of NDJSON items): invalid bytes are never turned into U+FFFD in silence.
 */
export function utf8Text(bytes: Buffer, what: string, fix: string): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  const at = firstInvalidUtf8(bytes);
  throw new CliError(`${what} is not valid UTF-8 (${invalidByte(bytes, at)}).`, { fix });
}

/** `byte 5, 0xff`: the 1-based place of an invalid byte and its value, for messages. */
export function invalidByte(bytes: Uint8Array, at: number, of = ''): string {
  return `byte ${at + 1}${of}, 0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')}`;
}

/**
 * The offset of the first byte of `buf` that does not start a well-formed UTF-8 sequence (-1 if
 * none). Only called once `isUtf8` has said no, to say where.
 */
export function firstInvalidUtf8(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i] as number;
    let need: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/**
 * Parses JSON text read from `path`; invalid JSON becomes a {@link CliError} naming the file,
 * the line and column of the first problem, and the fix.
 */
export async function parseJsonText(text: string, path: string, role: FileRole): Promise<unknown> {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Only on failure: jsonc-parser tells exactly where and what (JSON.parse's message varies by Node version).
    const { parse, printParseErrorCode } = await import('jsonc-parser');
    const errors: { error: number; offset: number; length: number }[] = [];
    parse(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
    const first = errors[0];
    const where = first ? new LineIndex(text).at(first.offset) : undefined;
    const what = first ? describeParseError(printParseErrorCode(first.error as Parameters<typeof printParseErrorCode>[0])) : 'it is not valid JSON';
    const place = where ? `${path}:${where.line}:${where.column}` : path;
    throw new CliError(`the ${role.what} file "${path}" is not valid JSON: ${what} (at ${place}).`, {
      fix: text.trim() === '' ? `the file is empty; put the ${role.what} JSON in it, or pass another file to ${role.option}.` : `repair the JSON at ${place}, or pass another file to ${role.option}.`,
    });
  }
}

function describeParseError(code: string): string {
  const words: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'malformed number',
    PropertyNameExpected: 'expected a property name in double quotes',
    ValueExpected: 'expected a value',
    ColonExpected: 'expected ":"',
    CommaExpected: 'expected ","',
    CloseBraceExpected: 'expected "}"',
    CloseBracketExpected: 'expected "]"',
    EndOfFileExpected: 'unexpected text after the end of the JSON value',
    InvalidCommentToken: 'comments are not allowed in JSON',
    UnexpectedEndOfComment: 'comments are not allowed in JSON',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'malformed number',
    InvalidUnicode: 'invalid \\u escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in a string',
  };
  return words[code] ?? code;
}

/** Reads a JSON file; any failure is a {@link CliError} naming the file and the fix. */
export async function readJsonFile(path: string, role: FileRole): Promise<{ value: unknown; text: string }> {
  const text = await readTextFile(path, role);
  return { value: await parseJsonText(text, path, role), text };
}

/**
 * The most bytes of a query read from standard input: the longest text any query limit lets
 * through (wire text of `maxLength` UTF-16 code units, at most 3 bytes each in UTF-8), a
 * byte-order mark and a line end. More is refused before it is all read (a 600 MB stream
 * is not held in memory to be refused afterwards).
 */
export const MAX_QUERY_BYTES = 3 * DEFAULT_LIMITS.maxLength + 5;

/** Refuses standard input that is a directory (`catq lint < /tmp`), which would read as nothing. */
export function refuseDirectoryStdin(): void {
  let directory = false;
  try {
    directory = fstatSync(0).isDirectory();
  } catch {
    return; // closed: reads as empty
  }
  if (directory) throw new CliError('cannot read standard input: it is a directory.', { fix: 'redirect a file into it (< file), not a directory.' });
}

/** Reads the query on standard input as UTF-8 text: at most {@link MAX_QUERY_BYTES}, valid UTF-8. */
export async function readStdin(): Promise<string> {
  refuseDirectoryStdin();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(buf);
    total += buf.length;
    if (total > MAX_QUERY_BYTES) {
      // Leaving the loop closes standard input: the rest is not read.
      throw new CliError(`the query on standard input is longer than ${MAX_QUERY_BYTES} bytes: the longest query catq reads is ${DEFAULT_LIMITS.maxLength} characters of wire text (maxLength).`, {
        fix: 'pass a shorter query (to read items on standard input, give the query as an argument).',
      });
    }
  }
  return withoutBom(utf8Text(Buffer.concat(chunks), 'the query on standard input', 'pipe UTF-8 text (iconv -t UTF-8 converts it).'));
}
