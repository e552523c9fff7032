/**
 * Percent-encoded wire text (the `q` parameter as it appears in a URL) for the editor services
 * that read plain JSON (hover, semantic tokens): the decoded JSON text, and the offset maps
 * between it and the text being edited, so that every range given back is in the input text.
 */
import { percentDecode } from '../wire/percent.js';

/** Decoded wire text with its offset maps; `undefined` for plain text or malformed escapes. */
export interface PercentText {
  /** The decoded (JSON) text. */
  readonly text: string;
  /** A decoded offset to the offset of the same character in the input text. */
  readonly toInput: (decoded: number) => number;
  /** An input offset to the decoded offset of the character it falls in (an escape decodes to one). */
  readonly fromInput: (input: number) => number;
}

/** `text` percent-decoded when it is percent-encoded wire text (first non-blank character `%`). */
export function percentText(text: string): PercentText | undefined {
  if (/\S/.exec(text)?.[0] !== '%') return undefined;
  const d = percentDecode(text);
  if (!d.ok) return undefined;
  const toInput = d.mapOffset;
  const decodedLength = d.text.length;
  // toInput is non-decreasing: the last decoded offset whose character starts at or before `input`.
  const fromInput = (input: number): number => {
    let lo = 0;
    let hi = decodedLength;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (toInput(mid) <= input) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return { text: d.text, toInput, fromInput };
}
