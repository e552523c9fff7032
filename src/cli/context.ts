import { colorsFor, useColor, type Colors } from './color.js';

/** What every command gets: the output streams and whether to colour them. */
export interface CliContext {
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  /** Colour standard output / standard error (see useColor). */
  readonly colorOut: boolean;
  readonly colorErr: boolean;
  /** picocolors for standard output / standard error. */
  readonly out: Colors;
  readonly err: Colors;
}

/** The context of this process, honouring `--color` / `--no-color` when given. */
export function cliContext(colorFlag?: boolean): CliContext {
  const { stdout, stderr } = process;
  return {
    stdout,
    stderr,
    colorOut: useColor(stdout, colorFlag),
    colorErr: useColor(stderr, colorFlag),
    out: colorsFor(stdout, colorFlag),
    err: colorsFor(stderr, colorFlag),
  };
}

/** Writes `text` and a newline to standard output (a no-op for empty text). */
export function println(ctx: CliContext, text: string): void {
  if (text !== '') ctx.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/** Writes `text` and a newline to standard error (a no-op for empty text). */
export function eprintln(ctx: CliContext, text: string): void {
  if (text !== '') ctx.stderr.write(text.endsWith('\n') ? text : text + '\n');
}

/** Prints a value as pretty JSON on standard output (for `--format json`). */
export function printJson(ctx: CliContext, value: unknown): void {
  ctx.stdout.write(JSON.stringify(value, null, 2) + '\n');
}
