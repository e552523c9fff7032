import type { LintOptions } from '../editor/index.js';

/** The longest document the server reads, for every feature (the user's own text). */
export const EDITOR_MAX_LENGTH = 200_000;

/**
 * The limits the server checks documents with: the library's limits for untrusted queries
 * (docs/limits.md: at most 100 diagnostics listed, 1000 wire clauses, ...), so a document shows
 * what the service would say of the same query, except the length of infix text, raised from
 * 10 000 to 200 000 characters: a query file being edited is the user's own text, and the
 * incremental check keeps long documents fast.
 */
export const EDITOR_LINT_OPTIONS: LintOptions = Object.freeze({ limits: Object.freeze({ maxInfixLength: EDITOR_MAX_LENGTH }) });
