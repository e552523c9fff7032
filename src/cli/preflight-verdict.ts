// The verdict of `catq preflight` on the counts of matching items, the same whether the items
// were read from a file or counted through a live service (where `--max-items` may stop a count
// early: a count that stopped is a lower bound, and a verdict it cannot decide is not "safe").
import type { ListedItem } from '../listing/index.js';

/** Why the job is or is not safe; `unsafe` ones decide the exit status. */
export interface Finding {
  readonly kind: 'query-errors' | 'no-match' | 'all-match' | 'broad-match' | 'count-capped' | 'other-task' | 'other-catalog' | 'query-warnings';
  readonly unsafe: boolean;
  readonly message: string;
}

/** How many items there are and how many match, where they were counted, and a few examples. */
export interface ItemCounts {
  /** The items file, or the List Catalog Items URL of the service. */
  readonly path: string;
  readonly total: number;
  readonly matches: number;
  /** `matches / total` (0 when there are no items); only an estimate when a count is a lower bound. */
  readonly share: number;
  /** The first matching items in id order, in the listed form. */
  readonly examples: readonly ListedItem[];
  /** The count of items stopped at `--max-items`: there may be more. */
  readonly totalIsLowerBound: boolean;
  /** The count of matches stopped at `--max-items`: there may be more. */
  readonly matchesIsLowerBound: boolean;
}

/**
 * The findings the counts give. Unsafe: nothing matches, every item matches, or more than
 * `maxShare` of the items match; and, when a count is a lower bound, whenever the share of
 * matches cannot be shown to be at most `maxShare` (preflight does not call safe what it could
 * not check).
 */
export function countFindings(c: ItemCounts, maxShare: number, maxItems: number | undefined): Finding[] {
  const { matches: m, total: t } = c;
  const exact = !c.matchesIsLowerBound && !c.totalIsLowerBound;
  if (m === 0 && !c.matchesIsLowerBound) return [{ kind: 'no-match', unsafe: true, message: 'no item matches: the job would create no ads' }];
  // With an exact total, a capped count of matches that reached it means every item matches.
  const allMatch = !c.totalIsLowerBound && t > 1 && (exact ? m === t : m >= t);
  if (allMatch) return [{ kind: 'all-match', unsafe: true, message: 'every item matches: the query does not narrow the catalog at all' }];
  if (exact) {
    return c.share > maxShare ? [{ kind: 'broad-match', unsafe: true, message: `${percentAbove(c.share, maxShare)} of the items match, more than --max-share ${limitPercent(maxShare)}: the query is suspiciously broad` }] : [];
  }
  const ratio = t ? m / t : 0;
  // Exact matches over a lower bound of the total: the share is at most the ratio.
  if (!c.matchesIsLowerBound && ratio <= maxShare) return [];
  // A lower bound of the matches over the exact total: the share is at least the ratio.
  if (c.matchesIsLowerBound && !c.totalIsLowerBound && ratio > maxShare) {
    return [{ kind: 'broad-match', unsafe: true, message: `at least ${percentAbove(ratio, maxShare)} of the items match, more than --max-share ${limitPercent(maxShare)}: the query is suspiciously broad` }];
  }
  return [
    {
      kind: 'count-capped',
      unsafe: true,
      message: `--max-items ${maxItems ?? '?'} stopped the count before the share of matching items was known (at least ${m} matches of ${c.totalIsLowerBound ? 'at least ' : ''}${t} items); raise --max-items to decide`,
    },
  ];
}

/** The counts line of the text report: `6 of 3000 items match (0.2%)`, with "at least" where a count stopped early. */
export function countsLine(c: ItemCounts): string {
  const atLeast = (lb: boolean) => (lb ? 'at least ' : '');
  let share: string;
  if (!c.matchesIsLowerBound && !c.totalIsLowerBound) share = percent(c.share);
  else if (!c.matchesIsLowerBound) share = `at most ${percent(c.share)}`;
  else if (!c.totalIsLowerBound) share = `at least ${percent(c.share)}`;
  else share = 'share not known';
  return `${atLeast(c.matchesIsLowerBound)}${c.matches} of ${atLeast(c.totalIsLowerBound)}${c.total} items match (${share})`;
}

/** The --max-share limit as a percentage, as exact as it was given (up to 4 decimals): `50%`, `49.99%`. */
export function limitPercent(limit: number): string {
  return `${Number((limit * 100).toFixed(4))}%`;
}

/**
 * A share above `limit` as a percentage with as many decimals as it takes to show it is above the
 * limit as {@link limitPercent} writes it: `50.02%` beside `50%`, never `50%` beside `50%`.
 */
export function percentAbove(x: number, limit: number): string {
  const shown = percent(x);
  const bound = Number((limit * 100).toFixed(4));
  if (Number.parseFloat(shown) > bound) return shown;
  for (let digits = 1; digits <= 6; digits++) {
    const text = (x * 100).toFixed(digits);
    if (Number(text) > bound) return `${text}%`;
  }
  return `${x * 100}%`;
}

/** A share as a percentage: `82%`, `0.2%`. */
export function percent(x: number): string {
  const p = x * 100;
  return `${p >= 10 || p === 0 ? p.toFixed(0) : p.toFixed(1)}%`;
}
