import { loadLevenshtein } from '../wire/load-helpers.js';

// Loaded on the first suggestion only (an unknown field is an error path): see load-helpers.ts.
const distance = (a: string, b: string): number => loadLevenshtein().distance(a, b);
import { fieldNames, type Catalog } from '../catalog/index.js';

/** How many did-you-mean suggestions an unknown field gets at most. */
const MAX_SUGGESTIONS = 3;

/**
 * The usable field names nearest to an unknown `field`: declared attribute names and alias paths
 * that resolve. A name equal to `field` ignoring case and Unicode normalization comes first (`é`
 * typed as `e` and a combining accent finds the declared `é`); then names within an edit
 * distance of about a third of their length (compared the same way, so `PRICE` finds `price` and
 * `prise` finds `Price`), nearest first, ties in catalog order. None when no name is that near:
 * each suggestion becomes a quick fix, and a far name would be a wrong one.
 */
export function suggestFields(catalog: Catalog, field: string): string[] {
  const wanted = folded(field);
  const scored: { name: string; score: number; order: number }[] = [];
  fieldNames(catalog).forEach((name, order) => {
    if (name === field) return;
    const lower = folded(name);
    if (lower === wanted) {
      scored.push({ name, score: -1, order });
      return;
    }
    const limit = Math.max(1, Math.floor(Math.max(lower.length, wanted.length) / 3));
    // A cheap bound first: the length difference alone exceeds the limit.
    if (Math.abs(lower.length - wanted.length) > limit) return;
    const d = distance(lower, wanted);
    if (d <= limit) scored.push({ name, score: d, order });
  });
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.name);
}

/** A name as compared for suggestions: composed (NFC) and lower-cased. */
function folded(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
