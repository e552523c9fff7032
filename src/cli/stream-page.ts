import type { Catalog } from '../catalog/index.js';
import { boundaryHolds, compareIds, itemId, scanDirection, type ItemId, type Listing, type PageSides } from '../listing/index.js';
import { BoundedHeap } from './bounded-heap.js';

/** A matching item kept for the page: its id, the parsed item and its NDJSON line. */
export interface PageEntry {
  readonly id: ItemId;
  readonly item: unknown;
  readonly line: string;
}

/**
 * One page of List Catalog Items over a stream of matching items, in O(limit) memory: keeps
 * only the `limit` items nearest the boundary on the page side (the smallest ids for `>`, `>=`
 * or no boundary; the largest below it for `<`, `<=`), and remembers whether anything lies
 * beyond them on either side, which is all `buildPage` needs for `NextQuery` / `PrevQuery`.
 * The result equals paging the whole list in memory (ids are assumed unique).
 */
export class StreamPage {
  private readonly heap: BoundedHeap<PageEntry>;
  private readonly asc: boolean;
  private inside = 0;
  private outside = false;

  constructor(
    private readonly listing: Listing,
    private readonly catalog: Catalog,
  ) {
    this.asc = scanDirection(listing) === 'asc';
    const asc = this.asc;
    this.heap = new BoundedHeap<PageEntry>(listing.limit, asc ? (a, b) => compareIds(a.id, b.id) < 0 : (a, b) => compareIds(a.id, b.id) > 0);
  }

  /** Offers a matching item; items without an id are never listed and are ignored. */
  offer(item: unknown, line: string): void {
    const id = itemId(item, this.catalog);
    if (id === undefined) return;
    if (!boundaryHolds(this.listing, id)) {
      this.outside = true;
      return;
    }
    this.inside++;
    this.heap.offer({ id, item, line });
  }

  /** The page's entries in ascending id order, and what lies beyond them. */
  result(): { entries: PageEntry[]; sides: PageSides } {
    const kept = this.heap.sorted();
    const entries = this.asc ? kept : kept.reverse();
    const more = this.inside > this.heap.size;
    // Items failing the boundary lie before an ascending page and after a descending one.
    const sides: PageSides = this.asc ? { before: this.outside, after: more } : { before: more, after: this.outside };
    return { entries, sides };
  }
}
