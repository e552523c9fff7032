/** The 50-clause query of the editor benchmarks, one clause per line. */
export function fiftyClauses(): string;
