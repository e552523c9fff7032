/**
 * What a listing remembers of the queries it paged (`LayoutListItemsOptions.memory`): for each
 * recent `q`, how many items matched past the boundary the last time a page of it needed the
 * rest statement. The walk of a page costs up to W row visits before the rest runs; for a `q`
 * known to match no more than W items the rest alone is the cheaper page, so the next pages of a
 * sparse query (its NextQuery pages, the same search sent again) skip the walk. A count is only a
 * guide: every page is exact whichever statement runs, and each rest that runs records its count
 * again, so a query that has become common goes back to walking at its next page.
 */
export class ListingMemory {
  private readonly counts = new Map<string, number>();

  /** Remembers at most `max` queries (the least recently used are forgotten first). */
  constructor(readonly max = 1000) {}

  /** The count remembered for a query, if any. */
  get(key: string): number | undefined {
    const n = this.counts.get(key);
    if (n !== undefined) {
      this.counts.delete(key);
      this.counts.set(key, n);
    }
    return n;
  }

  /** Records a query's count. */
  set(key: string, matches: number): void {
    this.counts.delete(key);
    this.counts.set(key, matches);
    if (this.counts.size > this.max) this.counts.delete(this.counts.keys().next().value as string);
  }

  /** Forgets a query (its walk found a page: it is not sparse). */
  delete(key: string): void {
    this.counts.delete(key);
  }

  /** How many queries are remembered. */
  get size(): number {
    return this.counts.size;
  }
}

/** Longest `q` text remembered (longer ones are paged without memory). */
export const MEMORY_KEY_LIMIT = 4096;
