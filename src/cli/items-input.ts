import { fstatSync } from 'node:fs';
import type { CliContext } from './context.js';
import { CliError } from './exit-codes.js';
import { inputSize, readNdjson, type ItemHandler, type NdjsonSummary } from './ndjson.js';
import { defaultItemsPath } from './paths.js';
import { terminalText } from './terminal-text.js';

/** Options of {@link streamItems}. */
export interface StreamItemsOptions {
  readonly skipBadLines?: boolean;
  /** The longest line read, in bytes (default 16 MiB). */
  readonly maxLineBytes?: number;
  /** Allow a progress bar (it still appears only on a terminal, for inputs over 16 MiB). */
  readonly progress?: boolean;
  /** Called after each chunk (flush output with back-pressure here). */
  readonly afterChunk?: () => Promise<void> | void;
  /** Extra text for the progress bar, such as the match count so far. */
  readonly status?: () => string;
}

/** Standard input can carry the query or the items, not both. */
export function checkStdinUse(queryArg: string | undefined, items: unknown): void {
  if (items === '-' && queryFromStdin(queryArg)) {
    throw new CliError('standard input cannot carry both the query and the items (--items -).', {
      fix: 'give the query as an argument when the items come on standard input.',
    });
  }
}

/**
 * The items to read when `--items` is not given: standard input when something is piped or
 * redirected into it (a pipe or a file: `cat items.ndjson | catq run 'price < 20'`, as `grep`
 * reads it) and it does not carry the query; otherwise the sample (`undefined`). A terminal,
 * `/dev/null` or a socket (the stdio a parent process opens by default) is not read: nothing was
 * piped into it, and reading it could wait for ever. `--items -` always reads standard input.
 */
export function defaultItems(stdinCarriesQuery: boolean): '-' | undefined {
  if (stdinCarriesQuery) return undefined;
  try {
    const s = fstatSync(0);
    return s.isFIFO() || s.isFile() ? '-' : undefined;
  } catch {
    return undefined; // standard input is closed
  }
}

/** Whether the query is read from standard input: no argument, or `-`. */
export function queryFromStdin(queryArg: string | undefined): boolean {
  return queryArg === undefined || queryArg === '-';
}

const PROGRESS_MIN_BYTES = 16 * 1024 * 1024;
const MAX_WARNINGS_SHOWN = 20;

/**
 * Streams the items file (the sample when `path` is undefined) through `onItem`. Skipped
 * malformed lines are always reported on standard error (the first 20 each, then a count), never
 * dropped silently. Shows a progress bar on standard error when it is a terminal and the input is large.
 */
export async function streamItems(path: string | undefined, ctx: CliContext, onItem: ItemHandler, options: StreamItemsOptions = {}): Promise<NdjsonSummary & { path: string }> {
  const file = path ?? defaultItemsPath();
  const size = await inputSize(file);
  let bar: { update(value: number, payload?: object): void; stop(): void } | undefined;
  if (options.progress !== false && ctx.stderr.isTTY && size !== undefined && size >= PROGRESS_MIN_BYTES) {
    const { default: progress } = await import('cli-progress');
    const single = new progress.SingleBar(
      { stream: ctx.stderr, format: `${file} {bar} {percentage}% | {mb}/{totalMb} MB | ETA {eta_formatted} {status}`, hideCursor: true, clearOnComplete: true, etaBuffer: 50 },
      progress.Presets.shades_classic,
    );
    single.start(size, 0, { mb: '0', totalMb: (size / 1048576).toFixed(0), status: '' });
    bar = single;
    // The bar hides the cursor; give it back when the user interrupts the run.
    process.once('SIGINT', () => {
      single.stop();
      process.exit(130);
    });
  }
  let shown = 0;
  try {
    const summary = await readNdjson(file, onItem, {
      skipBadLines: options.skipBadLines ?? false,
      ...(options.maxLineBytes !== undefined ? { maxLineBytes: options.maxLineBytes } : {}),
      onBadLine: (_line, problem) => {
        if (shown++ < MAX_WARNINGS_SHOWN) ctx.stderr.write(`${ctx.err.yellow('catq: warning:')} skipped a malformed line: ${terminalText(problem)}\n`);
      },
      ...(bar ? { onProgress: (bytes: number) => bar?.update(bytes, { mb: (bytes / 1048576).toFixed(0), status: options.status?.() ?? '' }) } : {}),
      ...(options.afterChunk ? { afterChunk: options.afterChunk } : {}),
    });
    bar?.stop();
    if (summary.badLines > 0) {
      const more = summary.badLines > MAX_WARNINGS_SHOWN ? ` (${summary.badLines - MAX_WARNINGS_SHOWN} not shown)` : '';
      ctx.stderr.write(`${ctx.err.yellow('catq: warning:')} skipped ${summary.badLines} malformed ${summary.badLines === 1 ? 'line' : 'lines'} of ${summary.lines}${more}.\n`);
    }
    return { ...summary, path: file };
  } catch (e) {
    bar?.stop();
    throw e;
  }
}
