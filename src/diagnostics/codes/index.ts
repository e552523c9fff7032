import { backendCodes } from './backend.js';
import { coreCodes } from './core.js';
import type { CodeDefinition } from './define.js';
import { listingCodes } from './listing.js';
import { syntaxCodes } from './syntax.js';

/**
 * The one catalog of diagnostic codes. Each area keeps its codes in its own file; codes are
 * stable API (documented in docs/diagnostics.md) and never renamed.
 */
export const CODES = {
  ...coreCodes,
  ...syntaxCodes,
  ...listingCodes,
  ...backendCodes,
} as const;

/** A diagnostic code. */
export type DiagnosticCode = keyof typeof CODES;

/** The data a code's message is rendered from. */
export type DataOf<C extends DiagnosticCode> = (typeof CODES)[C] extends CodeDefinition<infer D> ? D : never;

export type { CodeDefinition } from './define.js';
