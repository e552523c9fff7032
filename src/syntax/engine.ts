/**
 * The one lexer and parser instance, built on first use.
 *
 * Chevrotain is loaded here with a synchronous `require` (Node >= 20.19 can `require()` the
 * Chevrotain ESM package), never with a top-level `import`: importing catq (or `catq/syntax`)
 * must not pay Chevrotain's load time, only the first `parse`, `lint` or `complete` does.
 * `import.meta.url` is shimmed by tsup in the CommonJS build, so the same code works in both.
 */
import { createRequire } from 'node:module';
import type * as Chevrotain from 'chevrotain';
import { createGrammar, type Grammar } from './grammar.js';
import { expectedMessageProvider } from './expected.js';

let engine: Grammar | undefined;
let chevrotain: typeof Chevrotain | undefined;

/** The Chevrotain module, loaded on first call. */
export function loadChevrotain(): typeof Chevrotain {
  chevrotain ??= createRequire(import.meta.url)('chevrotain') as typeof Chevrotain;
  return chevrotain;
}

/** The shared lexer and parser (self-checks skipped; the tests run them, see grammar.test.ts). */
export function getEngine(): Grammar {
  engine ??= createGrammar(loadChevrotain(), { errorMessageProvider: expectedMessageProvider });
  return engine;
}
