import { cliContext, type CliContext } from './context.js';
import { EXIT, isCliError } from './exit-codes.js';
import { terminalText } from './terminal-text.js';

/**
 * A command's module: its default export runs it and returns the exit status. Each command
 * declares the shape of its own options (commander has checked them); hence `never` here.
 */
export interface CommandModule {
  default(query: string | undefined, options: never, ctx: CliContext): Promise<number>;
}

/**
 * Watches standard output for write errors (main.ts, before any command or help is written).
 * `catq run ... | head` closes the pipe early: that is not an error, and ends quietly. Any other
 * (a full disk, an I/O error) ends with one line naming it and exit 2, never a stack trace.
 */
export function watchStdout(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    try {
      process.stderr.write(`catq: error: cannot write to standard output (${e.message}).\n`);
    } catch {
      // standard error is gone too: the status says it
    }
    process.exit(EXIT.outputFailed);
  });
}

/** Exit status of an unexpected failure (a bug in catq, not in the input). */
export const EXIT_INTERNAL = 3;

/**
 * Loads and runs a command. Errors the user can fix print `catq: error: ...` and a `fix:` line
 * (exit 2); a QueryError prints its diagnostics (exit 1); anything else is a bug: one line, and
 * the stack only with `CATQ_DEBUG=1`. No user error ever prints a stack trace.
 */
export async function runCommand(load: () => Promise<CommandModule>, query: string | undefined, options: Record<string, unknown>): Promise<number> {
  const ctx = cliContext(typeof options.color === 'boolean' ? options.color : undefined);
  try {
    const mod = await load();
    return await mod.default(query, options as never, ctx);
  } catch (e) {
    return await reportError(ctx, e);
  }
}

async function reportError(ctx: CliContext, e: unknown): Promise<number> {
  const c = ctx.err;
  if (isCliError(e)) {
    // Messages quote the user's data (ids, names, file names): never a control character as it is.
    const lines = [`${c.red(c.bold('catq: error:'))} ${terminalText(e.message, { lines: true })}`];
    if (e.detail) lines.push('', e.detail, '');
    if (e.fix) lines.push(`${c.cyan('fix:')} ${terminalText(e.fix, { lines: true })}`);
    ctx.stderr.write(lines.join('\n') + '\n');
    return e.exitCode;
  }
  // Loaded only here: the diagnostics catalog is not needed to start.
  const { isQueryError, renderDiagnostics } = await import('../diagnostics/index.js');
  if (isQueryError(e)) {
    ctx.stderr.write(renderDiagnostics(e.diagnostics, '', { color: ctx.colorErr }) + '\n');
    return EXIT.queryErrors;
  }
  const message = terminalText(e instanceof Error ? e.message : String(e), { lines: true });
  ctx.stderr.write(`${c.red(c.bold('catq: internal error:'))} ${message}\n${c.dim('This is a bug in catq. Run again with CATQ_DEBUG=1 for the stack trace, and report it.')}\n`);
  if (process.env.CATQ_DEBUG) ctx.stderr.write(String((e as Error)?.stack ?? e) + '\n');
  return EXIT_INTERNAL;
}
