/**
 * `node:module` for browser bundles (`catq/codemirror`, the playground). catq loads Chevrotain,
 * jsonc-parser and fastest-levenshtein with `createRequire` on first use, to keep Node start-up
 * cheap; a browser has no `require`, so the browser build aliases `node:module` to this file,
 * whose `require` returns the same modules imported statically. See tsup.config.ts.
 */
import * as chevrotain from 'chevrotain';
import * as levenshtein from 'fastest-levenshtein';
import * as jsonc from 'jsonc-parser';

const MODULES: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['chevrotain', chevrotain],
  ['fastest-levenshtein', levenshtein],
  ['jsonc-parser', jsonc],
]);

function load(id: string): unknown {
  const m = MODULES.get(id);
  if (m === undefined) throw new Error(`catq's browser build has no module "${id}"`);
  return m;
}

/** A `require` that knows the three modules catq loads lazily. `resolve` always throws (no files here). */
export function createRequire(_from: string | URL): NodeJS.Require {
  const req = load as unknown as NodeJS.Require;
  const resolve = (id: string): string => {
    throw new Error(`catq's browser build cannot resolve "${id}" to a file`);
  };
  (req as { resolve: unknown }).resolve = resolve;
  return req;
}
