// The heavier stages, each loaded only by the command that needs it (dynamic import), so
// `catq fmt` never loads the SQL compiler and a wire query never loads the infix parser.

/** The wire codec (decode, encode, toWire). */
export const loadWire = () => import('../wire/index.js');

/** The infix syntax (detectSyntax, parse, lint, format). Chevrotain itself loads on the first parse. */
export const loadSyntax = () => import('../syntax/index.js');

/** The evaluator (compile, explain). */
export const loadEval = () => import('../eval/index.js');
