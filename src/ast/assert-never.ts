/** Marks a switch as exhaustive: a missing case fails to compile, and fails loudly at run time. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`catq internal error: unexpected ${what} ${JSON.stringify(value)}`);
}
