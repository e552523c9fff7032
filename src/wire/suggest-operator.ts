import { OPERATOR_NAMES, type Operator } from '../ast/index.js';
import { loadLevenshtein } from './load-helpers.js';

/** Spellings people bring from other query languages, mapped to ours. */
const KNOWN: ReadonlyMap<string, Operator> = new Map<string, Operator>([
  ['==', '='],
  ['===', '='],
  ['eq', '='],
  ['is', '='],
  ['equals', '='],
  ['lt', '<'],
  ['gt', '>'],
  ['le', '<='],
  ['lte', '<='],
  ['=<', '<='],
  ['≤', '<='],
  ['ge', '>='],
  ['gte', '>='],
  ['=>', '>='],
  ['≥', '>='],
  ['in', 'one-of'],
  ['any-of', 'one-of'],
  ['present', 'present?'],
  ['exists', 'present?'],
  ['match', 'matches'],
  ['contains', 'matches'],
  ['phrase', 'matches-phrase'],
]);

/** Operators the language deliberately lacks: suggesting a near spelling would change the meaning. */
const ABSENT: ReadonlySet<string> = new Set(['!=', '!==', '<>', 'ne', 'neq', 'not', 'or', 'nin', 'not-in', 'and']);

const squash = (s: string): string => s.toLowerCase().replace(/[\s_-]/g, '');

/**
 * The operator a person most likely meant by `written`, or undefined when nothing is close.
 * Tries well-known spellings from other languages, then case and separator differences
 * (`oneOf`, `ONE_OF`), then the nearest name by edit distance.
 */
export function suggestOperator(written: string): Operator | undefined {
  const w = written.trim();
  const lower = w.toLowerCase();
  if (ABSENT.has(lower)) return undefined;
  const known = KNOWN.get(lower);
  if (known) return known;
  const squashed = squash(w);
  for (const op of OPERATOR_NAMES) if (squash(op) === squashed || squash(op) === squashed + '?') return op;
  if (w.length < 3) return undefined; // one- and two-character symbols are too short to guess from
  const { distance } = loadLevenshtein();
  let best: Operator | undefined;
  let bestDistance = Infinity;
  for (const op of OPERATOR_NAMES) {
    const d = distance(lower, op);
    if (d < bestDistance) {
      bestDistance = d;
      best = op;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(w.length / 3)) ? best : undefined;
}
