/**
 * Keeps the `capacity` best values seen so far in O(capacity) memory: a binary heap whose top
 * is the worst kept value, so each offer costs O(log capacity) and most offers (worse than
 * everything kept) cost one comparison. `better(a, b)` is true when `a` should be kept over `b`.
 */
export class BoundedHeap<T> {
  private readonly heap: T[] = [];

  constructor(
    private readonly capacity: number,
    private readonly better: (a: T, b: T) => boolean,
  ) {}

  /** How many values are kept. */
  get size(): number {
    return this.heap.length;
  }

  /** Offers a value; returns whether it was kept. */
  offer(value: T): boolean {
    const h = this.heap;
    if (h.length < this.capacity) {
      h.push(value);
      this.up(h.length - 1);
      return true;
    }
    if (this.capacity === 0 || !this.better(value, h[0] as T)) return false;
    h[0] = value;
    this.down(0);
    return true;
  }

  /** The kept values, best first. */
  sorted(): T[] {
    return [...this.heap].sort((a, b) => (this.better(a, b) ? -1 : this.better(b, a) ? 1 : 0));
  }

  // The heap order: a parent is never better than its children (the worst value is on top).
  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.better(h[p] as T, h[i] as T)) break;
      [h[p], h[i]] = [h[i] as T, h[p] as T];
      i = p;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.better(h[worst] as T, h[l] as T)) worst = l;
      if (r < h.length && this.better(h[worst] as T, h[r] as T)) worst = r;
      if (worst === i) return;
      [h[worst], h[i]] = [h[i] as T, h[worst] as T];
      i = worst;
    }
  }
}
