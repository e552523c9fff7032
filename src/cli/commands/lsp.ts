import { openSync, readSync, closeSync } from 'node:fs';
import { describeValue } from '../../diagnostics/index.js';
import { readCatalogFile } from '../catalog-file.js';
import { eprintln, type CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { describeJsonError } from '../ndjson.js';
import { fileError, parseJsonText, readTextFile, type FileRole } from '../read-input.js';
import { packageVersion } from '../version.js';

/** Options of `catq lsp`. */
interface LspOptions {
  readonly stdio?: boolean;
  readonly catalog?: string;
  readonly items?: string;
  /** What commander let through: options and arguments it does not know (main.ts). */
  readonly unknown?: readonly string[];
}

const ITEMS_ROLE: FileRole = { what: 'items', option: '--items', missingFix: 'check the path given to --items, or leave --items out (the sample only feeds completion).' };

/**
 * `catq lsp --stdio [--catalog FILE] [--items FILE]`: the language server, over standard input
 * and output, until the client sends `exit`. The server (and vscode-languageserver) is loaded
 * only here. The files given on the command line are checked first, as every command checks its
 * files: a catalog file or items file that is missing, a directory, unreadable, not UTF-8 or
 * malformed is one message naming the file and the problem, and exit 2, before the server starts
 * (an editor shows that message in its log; a server started with it would only have said so
 * later, in a window message).
 */
export default async function lsp(_query: string | undefined, options: LspOptions, ctx: CliContext): Promise<number> {
  checkUnknown(options.unknown ?? []);
  if (!options.stdio) {
    throw new CliError('catq lsp talks the Language Server Protocol over standard input and output only.', {
      fix: 'run `catq lsp --stdio` (editors start it so; see docs/editors.md).',
    });
  }
  if (options.catalog !== undefined) eprintln(ctx, (await readCatalogFile(options.catalog, ctx.colorErr, { sample: false })).warnings);
  if (options.items !== undefined) await checkSampleFile(options.items);
  const { startServer } = await import('../../lsp/index.js');
  startServer({ ...(options.catalog !== undefined ? { catalog: options.catalog } : {}), ...(options.items !== undefined ? { items: options.items } : {}), version: packageVersion() });
  // The server keeps the process alive and exits it on the client's `exit` notification.
  return EXIT.ok;
}

/**
 * The only options `catq lsp` takes besides its own are those LSP clients add: `--clientProcessId`
 * (`=PID` or `PID` after it; vscode-languageclient adds it). Anything else, a misspelt
 * `--catalog` or a stray argument, is refused, as every other command refuses it.
 */
function checkUnknown(unknown: readonly string[]): void {
  for (let i = 0; i < unknown.length; i++) {
    const a = unknown[i] as string;
    if (/^--clientProcessId=\d+$/.test(a)) continue;
    if (a === '--clientProcessId' && /^\d+$/.test(unknown[i + 1] ?? '')) {
      i++;
      continue;
    }
    const what = a.startsWith('-') ? `unknown option ${JSON.stringify(a)}` : `unexpected argument ${JSON.stringify(a)}`;
    throw new CliError(`catq lsp: ${what}.`, { fix: 'the options are --stdio, --catalog FILE and --items FILE (and --clientProcessId, which editors add); see catq lsp --help.' });
  }
}

/**
 * Checks a sample of items as the server reads it (src/lsp/sources.ts): plain UTF-8 text, either
 * one JSON array of items or NDJSON (one item per line), each item a JSON object. The server
 * itself leaves out what it cannot read, with a warning to the editor (a sample only feeds
 * completion); given on the command line, a file it would leave out whole or in part is an
 * error instead.
 */
async function checkSampleFile(file: string): Promise<void> {
  const name = `the items file "${file}"`;
  if (isGzip(file)) {
    throw new CliError(`${name} is gzip-compressed, and the language server reads plain text.`, { fix: `decompress it (gunzip -k ${file}) and pass the result to --items.` });
  }
  const text = await readTextFile(file, ITEMS_ROLE);
  if (/^\s*\[/.test(text)) {
    const list = (await parseJsonText(text, file, ITEMS_ROLE)) as unknown[];
    const at = list.findIndex((x) => x === null || typeof x !== 'object' || Array.isArray(x));
    if (at >= 0) throw new CliError(`${name} holds ${describeValue(list[at])} at index ${at}, not an item (an item is a JSON object).`, { fix: 'remove or repair that element.' });
    return;
  }
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    if (line.trim() === '') continue;
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch (e) {
      const problem = describeJsonError(e);
      throw new CliError(`${file}:${i + 1}${problem.column ? `:${problem.column}` : ''}: line ${i + 1} of ${name} is not valid JSON (${problem.message}).`, {
        fix: 'repair or remove that line: the file is NDJSON, one JSON object per line (or one JSON array of them).',
      });
    }
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new CliError(`${file}:${i + 1}: line ${i + 1} of ${name} holds ${describeValue(item)}, not an item (an item is a JSON object, one per line).`, { fix: 'repair or remove that line.' });
    }
  }
}

/** Whether the file starts with gzip's magic bytes (a missing or unreadable file is told by readTextFile). */
function isGzip(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES' || code === 'EPERM') throw fileError(file, ITEMS_ROLE, e);
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
