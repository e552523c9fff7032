import pc from 'picocolors';

/** The colour functions of picocolors, enabled or not. */
export type Colors = ReturnType<typeof pc.createColors>;

/**
 * Whether to colour what goes to `stream`: never when `NO_COLOR` is set (non-empty), always when
 * `FORCE_COLOR` is set (unless it is `0` or `false`), otherwise only on a terminal that is not
 * `TERM=dumb`. An explicit `--color` / `--no-color` wins over all of these.
 */
export function useColor(stream: NodeJS.WriteStream, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  const env = process.env;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

/** picocolors for `stream`, following {@link useColor}. */
export function colorsFor(stream: NodeJS.WriteStream, flag?: boolean): Colors {
  return pc.createColors(useColor(stream, flag));
}
