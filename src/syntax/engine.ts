/**
 * The one lexer and parser instance, built on first use. Chevrotain itself comes from
 * load-chevrotain.ts (lazily, in Node) or load-chevrotain.browser.ts (statically, elsewhere).
 */
import { loadChevrotain } from './load-chevrotain.js';
import { createGrammar, type Grammar } from './grammar.js';
import { expectedMessageProvider } from './expected.js';

export { loadChevrotain };

let engine: Grammar | undefined;

/** The shared lexer and parser (self-checks skipped; the tests run them, see grammar.test.ts). */
export function getEngine(): Grammar {
  engine ??= createGrammar(loadChevrotain(), { errorMessageProvider: expectedMessageProvider });
  return engine;
}
