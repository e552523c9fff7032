/** One query shape of the scale bench: catq's `q`, and the same as hand-written SQL over the typed table `hand`. */
export interface ScaleShape {
  readonly name: string;
  /** The wire query (a JSON array of clauses), or undefined for no q. */
  readonly q: unknown[] | undefined;
  readonly where: string;
  readonly params: unknown[];
}
export const SHAPES: readonly ScaleShape[];
export const WORST: readonly { readonly name: string; readonly q: unknown[] }[];
export const PHRASE_WORDS: readonly string[];
export function tok(words: readonly string[]): string;
