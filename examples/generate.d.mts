// Types of examples/generate.mjs (the sample generator), for the TypeScript tests and tools.

/** The sample catalog (the full form of Get Catalog). */
export declare const catalog: Record<string, unknown>;
/** A seeded PRNG (mulberry32): returns numbers in [0, 1). */
export declare function rng(seed: number): () => number;
/**
 * Yields `count` raw product items with ids from 100001 upwards, deterministically for a seed;
 * `longDescriptions` (0 to 1, default 0) is the fraction of items with a 5–20 KB description.
 */
export declare function generateItems(count: number, seed: number, options?: { longDescriptions?: number }): Generator<Record<string, unknown>>;
