/**
 * Walks the items of an array in order, skipping holes. An array longer than any catalog held in
 * memory (10 million) is walked by its own keys, so that a sparse array of length 2^32 - 1 costs
 * what it holds, not four billion steps (and its holes never reach the predicate as items).
 */
const HUGE = 10_000_000;

export function eachItem(items: readonly unknown[], visit: (item: unknown) => void): void {
  if (items.length <= HUGE) {
    for (let i = 0; i < items.length; i++) if (i in items) visit(items[i]);
    return;
  }
  for (const key of Object.keys(items)) {
    const i = Number(key);
    if (Number.isInteger(i) && i >= 0 && String(i) === key) visit(items[i]);
  }
}
