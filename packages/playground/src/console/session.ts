/**
 * The API key of the console: kept in this tab's `sessionStorage` only (gone when the tab
 * closes, never in localStorage, a cookie or the address).
 */
const KEY = 'catq.console.apiKey';

/** The key entered in this tab, if any. */
export function savedKey(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined; // storage disabled: the key lives in the page only
  }
}

/** Remembers `key` for this tab (or forgets it, for undefined). */
export function saveKey(key: string | undefined): void {
  try {
    if (key === undefined) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, key);
  } catch {
    // storage disabled: nothing to do
  }
}
