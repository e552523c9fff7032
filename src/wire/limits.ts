import { DEFAULT_MAX_DIAGNOSTICS, unknownOptions, type Diagnostic } from '../diagnostics/index.js';

/** Limits for decoding untrusted `q` values. Every limit is reported with its own code. */
export interface DecodeLimits {
  /** Maximum length of the `q` text in UTF-16 code units, as received (default 100 000). */
  readonly maxLength: number;
  /** Maximum number of clauses (default 1000). */
  readonly maxClauses: number;
  /** Maximum number of elements of an array value, such as the candidates of `one-of` (default 1000). */
  readonly maxListLength: number;
  /**
   * Maximum nesting of arrays and objects in the whole query; the query array itself is level 1,
   * a clause level 2, an array value level 3 (default 32, capped at 1000).
   */
  readonly maxDepth: number;
  /**
   * Maximum number of diagnostics listed; the rest are summed up in one `limit/more-diagnostics`
   * (default 100).
   */
  readonly maxDiagnostics: number;
}

/**
 * Options of `decode`: any subset of the limits. The other query limits (`maxTokenLength`, ...) are
 * accepted and not applied; any other key is an `api/unknown-option` diagnostic.
 */
export type DecodeOptions = Partial<DecodeLimits>;

/** The limits `decode` applies when no option is given. */
export const DEFAULT_LIMITS: DecodeLimits = Object.freeze({
  maxLength: 100_000,
  maxClauses: 1000,
  maxListLength: 1000,
  maxDepth: 32,
  maxDiagnostics: DEFAULT_MAX_DIAGNOSTICS,
});

/** The nesting cap: the scanners recurse once per level, so this bounds the stack they use. */
export const DEPTH_CAP = 1000;

/** Merges options into the defaults; a missing, NaN or negative option falls back to the default. */
export function resolveLimits(options: DecodeOptions | undefined): DecodeLimits {
  if (options === undefined) return DEFAULT_LIMITS;
  const pick = (v: unknown, d: number): number => (typeof v === 'number' && v >= 0 && !Number.isNaN(v) ? v : d);
  const o = ownOptions(options);
  return {
    maxLength: pick(o['maxLength'], DEFAULT_LIMITS.maxLength),
    maxClauses: pick(o['maxClauses'], DEFAULT_LIMITS.maxClauses),
    maxListLength: pick(o['maxListLength'], DEFAULT_LIMITS.maxListLength),
    maxDepth: Math.min(pick(o['maxDepth'], DEFAULT_LIMITS.maxDepth), DEPTH_CAP),
    maxDiagnostics: pick(o['maxDiagnostics'], DEFAULT_LIMITS.maxDiagnostics),
  };
}

/**
 * The own enumerable properties of an options argument, read once and never through a getter
 * that could throw: anything else (a primitive, a proxy that throws) reads as no options.
 */
export function ownOptions(options: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (options === null || typeof options !== 'object') return out;
  try {
    for (const key of Object.keys(options)) {
      const desc = Object.getOwnPropertyDescriptor(options, key);
      if (desc && 'value' in desc) out[key] = desc.value;
    }
  } catch {
    // a proxy whose traps throw: no options
  }
  return out;
}

/**
 * The names of every limit of a query (`QueryLimits` of catq's check: the decoder's and those of
 * the words searched and of infix text). `decode` and `parse` take a whole limits object, so each
 * knows all of them and applies its own.
 */
export const QUERY_LIMIT_KEYS: readonly string[] = Object.freeze([
  'maxLength',
  'maxClauses',
  'maxListLength',
  'maxDepth',
  'maxDiagnostics',
  'maxTokenLength',
  'maxTokens',
  'maxPatternSize',
  'maxInfixLength',
]);

const NO_PROBLEMS: Diagnostic[] = [];

/**
 * `api/unknown-option` for each unknown key of an options object (`known`) and of its `limits`
 * object (the {@link QUERY_LIMIT_KEYS}), when `known` has `limits`. The one check of option keys
 * of the functions that take limits; `undefined` options cost nothing (no allocation: `decode`
 * and `check` are on services' hot path). The result must not be modified. Never throws.
 */
export function optionKeyProblems(fn: string, options: unknown, known: readonly string[]): readonly Diagnostic[] {
  if (options === undefined) return NO_PROBLEMS;
  const problems = unknownOptions(fn, options, known);
  if (known.includes('limits')) {
    let limits: unknown;
    try {
      const desc = Object.getOwnPropertyDescriptor(options, 'limits');
      limits = desc && 'value' in desc ? desc.value : undefined;
    } catch {
      // a proxy whose traps throw: it has no keys for unknownOptions either
    }
    if (limits !== undefined) problems.push(...unknownOptions(fn, limits, QUERY_LIMIT_KEYS, '/limits'));
  }
  return problems;
}
