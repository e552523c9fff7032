import { readFileSync } from 'node:fs';
import { withoutBom } from '../text/bom.js';
import { LineIndex } from '../ast/index.js';
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
  try {
    return withoutBom(readFileSync(path, 'utf8'));
  } catch (e) {
    throw fileError(path, role, e);
  }
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

/** Reads all of standard input as UTF-8 text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return withoutBom(Buffer.concat(chunks).toString('utf8'));
}
