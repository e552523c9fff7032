/**
 * Chevrotain for Node (and Deno and Bun, which resolve packages with the `node` condition),
 * loaded on first use with a synchronous `require` (Node >= 20.19 can `require()` the Chevrotain
 * ESM package), never with a top-level `import`: importing catq (or `catq/syntax`) must not pay
 * Chevrotain's load time, only the first `parse`, `lint` or `complete` does.
 *
 * Browsers and workers have no `require`: the package's `imports` map (`#catq/load-chevrotain`)
 * gives them load-chevrotain.browser.ts instead, a static import their bundler includes. The
 * published entries import this module through that map; see tsup.config.ts and docs/api.md.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Chevrotain from 'chevrotain';

let chevrotain: typeof Chevrotain | undefined;

/**
 * The Chevrotain module, loaded on first call. Chevrotain's package entry is a tree of about 40
 * modules (about 34 ms to load here); the same package also ships the same code as one file,
 * `lib/chevrotain.min.mjs` (about 8 ms). The package's `exports` map hides that file, so it is
 * found next to the resolved entry; if that ever fails, the ordinary entry is used.
 */
export function loadChevrotain(): typeof Chevrotain {
  if (chevrotain) return chevrotain;
  const req = createRequire(import.meta.url);
  try {
    // The published package: Chevrotain is part of catq's dist (dist/vendor, through the
    // package's `imports` map), not a runtime dependency; see tsup.config.ts.
    chevrotain = req('#catq/chevrotain') as typeof Chevrotain;
    if (typeof chevrotain.CstParser === 'function') return chevrotain;
  } catch {
    // Not built yet (the sources run directly): Chevrotain from the development dependency.
  }
  try {
    const single = join(dirname(req.resolve('chevrotain')), '..', 'chevrotain.min.mjs');
    chevrotain = req(single) as typeof Chevrotain;
    if (typeof chevrotain.CstParser !== 'function') throw new Error('unexpected single-file build');
  } catch {
    chevrotain = req('chevrotain') as typeof Chevrotain;
  }
  return chevrotain;
}
