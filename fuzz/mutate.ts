/**
 * Mutations of valid inputs: the "mutated" half of the fuzz inputs. Text mutations work on
 * UTF-16 units (so they make lone surrogates too), structural ones on parsed wire arrays.
 */
import type { Rng } from './rng.js';

/** Fragments that exercise the parsers' edges: delimiters, escapes, keywords, numbers, Unicode. */
export const FRAGMENTS: readonly string[] = [
  '[', ']', '{', '}', '(', ')', ',', ':', '"', '\\', '`', "'", '%', '%5B', '%22', '%2', '%ZZ', '%C3%28', '%ED%A0%80',
  ' and ', ' or ', ' not ', 'and', 'matches', 'matches-phrase', 'one-of', 'present?', 'is present', '=', '!=', '<', '<=', '>', '>=', '==',
  '1e400', '-0', '1e-400', 'NaN', 'Infinity', '0x10', '9007199254740993', '1.7976931348623157e308', 'true', 'null', 'false',
  '\u0000', '\ud800', '\udc00', '\u{1F600}', '\u0130', 'ß', 'ﬁ', '\u200b', '\ufeff', '\u2028', '\r\n', '\t', '#', '//', '/*',
  '__proto__', 'constructor', 'Brand.Id', 'Category.Categories', '$where', "'; DROP TABLE items; --", '.*', '(?:', '\\p{L}',
];

/** One random text mutation of `s`, repeated 1 to 4 times. */
export function mutateText(rng: Rng, s: string): string {
  let out = s;
  const times = 1 + rng.int(4);
  for (let k = 0; k < times; k++) {
    const at = rng.int(out.length + 1);
    switch (rng.int(8)) {
      case 0: // delete a span
        out = out.slice(0, at) + out.slice(Math.min(out.length, at + 1 + rng.int(8)));
        break;
      case 1: // insert a fragment
        out = out.slice(0, at) + rng.pick(FRAGMENTS) + out.slice(at);
        break;
      case 2: // duplicate a span
        out = out.slice(0, at) + out.slice(at, at + 1 + rng.int(16)) + out.slice(at);
        break;
      case 3: // replace one unit with a random one
        out = out.slice(0, at) + String.fromCharCode(rng.int(0x10000)) + out.slice(at + 1);
        break;
      case 4: // swap two halves
        out = out.slice(at) + out.slice(0, at);
        break;
      case 5: // repeat the whole text (grows inputs: finds super-linear costs)
        out = out.repeat(2 + rng.int(8));
        break;
      case 6: // a long run of one fragment
        out = out.slice(0, at) + rng.pick(FRAGMENTS).repeat(1 + rng.int(300)) + out.slice(at);
        break;
      default: // truncate
        out = out.slice(0, at);
    }
  }
  return out;
}

/** A structural mutation of a parsed wire query (a fresh copy; the input is not changed). */
export function mutateWire(rng: Rng, q: readonly unknown[], odd: () => unknown): unknown[] {
  const out = structuredClone(q) as unknown[];
  const clause = out[rng.int(Math.max(1, out.length))];
  switch (rng.int(6)) {
    case 0:
      out.push(rng.pick(out) ?? []);
      break;
    case 1:
      out.splice(rng.int(out.length + 1), 0, odd());
      break;
    case 2:
      if (Array.isArray(clause)) clause[rng.int(clause.length + 1)] = odd();
      break;
    case 3:
      if (Array.isArray(clause) && Array.isArray(clause[0])) (clause[0] as unknown[])[rng.int(3)] = odd();
      break;
    case 4:
      if (Array.isArray(clause) && Array.isArray(clause[1])) (clause[1] as unknown[]).push(odd());
      break;
    default:
      out.reverse();
  }
  return out;
}
