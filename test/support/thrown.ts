/**
 * Test helper: what a function throws, for assertions on the error itself (its class, codes,
 * message) rather than only that something was thrown.
 */

/** Calls `f` and returns what it threw, or undefined when it returned. */
export function thrown(f: () => unknown): unknown {
  try {
    f();
    return undefined;
  } catch (e) {
    return e;
  }
}
