import { DEFAULT_MAX_DIAGNOSTICS } from '../diagnostics/index.js';

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

/** Options of `decode`: any subset of the limits. */
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
