// The heavier stages, each loaded only by the command that needs it (dynamic import), so
// `catq fmt` never loads the SQL compiler and a wire query never loads the infix parser.

/** The wire codec (decode, encode, toWire). */
export const loadWire = () => import('../wire/index.js');

/** The infix syntax and the editor services (detectSyntax, parse, format, lint). Chevrotain itself loads on the first parse. */
export const loadSyntax = () => import('../editor/syntax-entry.js');

/** The evaluator (compile, explain). */
export const loadEval = () => import('../eval/index.js');
