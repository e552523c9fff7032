/**
 * Which of `names` (`--items`, `-i`) the command line gave, in its own words, or undefined.
 * commander merges some options into one value (`--no-items` and `--items FILE` set the same
 * one, the last winning) and fills defaults in (`--dialect postgres`): a conflict between two
 * flags can only be seen in the arguments as typed. Stops at `--`.
 */
export function flagGiven(...names: readonly string[]): string | undefined {
  for (const arg of process.argv.slice(2)) {
    if (arg === '--') return undefined;
    for (const name of names) {
      if (arg === name || arg.startsWith(name + '=')) return name;
      // A short option with its value attached (`-ifile`).
      if (name.length === 2 && !arg.startsWith('--') && arg.startsWith(name)) return name;
    }
  }
  return undefined;
}
