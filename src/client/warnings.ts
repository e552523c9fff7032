/**
 * The position of the item a batch warning is about. The interface's Warning is only
 * `{ message }`; a service names the item inside the message (this repository's service writes
 * the item's index in the request's `Items`). Read from, in this order: a numeric `index` field
 * on the warning (a service may add one), then the message: `Items[3]`, `/Items/3` (a JSON
 * pointer), `Items.3`, `index 3`, `item #3`.
 */

const PATTERNS: readonly RegExp[] = [
  /\bItems\s*\[\s*(\d+)\s*\]/,
  /\/Items\/(\d+)(?![\d])/,
  /\bItems\.(\d+)\b/,
  /\bindex\s*[:=]?\s*#?(\d+)\b/i,
  /\bitem\s+#(\d+)\b/i,
];

/** The index within the request's `Items` that a warning names, or `undefined`. */
export function warningIndex(warning: unknown): number | undefined {
  try {
    return readIndex(warning);
  } catch {
    return undefined; // a warning that cannot be read (a revoked Proxy, a getter that throws) names no item
  }
}

function readIndex(warning: unknown): number | undefined {
  if (!warning || typeof warning !== 'object') return undefined;
  const w = warning as { index?: unknown; Index?: unknown; message?: unknown };
  for (const field of [w.index, w.Index]) {
    if (typeof field === 'number' && Number.isSafeInteger(field) && field >= 0) return field;
  }
  if (typeof w.message !== 'string') return undefined;
  for (const re of PATTERNS) {
    const m = re.exec(w.message);
    if (m?.[1] !== undefined) {
      const n = Number(m[1]);
      if (Number.isSafeInteger(n)) return n;
    }
  }
  return undefined;
}
