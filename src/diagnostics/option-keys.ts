import { DEFAULT_MAX_DIAGNOSTICS } from './cap.js';
import { badArgumentCode } from './codes/api.js';
import { diagnostic } from './core-diagnostic.js';
import { diagnosticOf } from './diagnostic-of.js';
import type { Diagnostic } from './model.js';

/** Edit distance of two short strings (option names): insertions, deletions, substitutions. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] as number;
      row[j] = Math.min(up + 1, (row[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length] as number;
}

/**
 * The known name closest to `key`: one it starts with, or else the nearest by edit distance
 * (case-insensitive, at most a third of its length away), if any.
 */
function closest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  // `tableID` for `tableId` (before `table`, which it starts with).
  const sameLetters = known.find((k) => k.toLowerCase() === lower);
  if (sameLetters) return sameLetters;
  // `tableName` for `table`: a known name the key starts with (or that starts with the key).
  const affix = known.find((k) => k.length >= 3 && lower.length >= 3 && (lower.startsWith(k.toLowerCase()) || k.toLowerCase().startsWith(lower)));
  if (affix) return affix;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = distance(key.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.ceil(key.length / 3)) ? best : undefined;
}

/**
 * One `api/unknown-option` diagnostic per own key of `options` that `fn` does not know, with the
 * closest known name as a suggestion. A misspelled option (`tableName`, `prefx`) would otherwise
 * be ignored in silence. At most {@link DEFAULT_MAX_DIAGNOSTICS} are listed, the rest counted in
 * one `limit/more-diagnostics` (an object of a million keys costs no million suggestions).
 * `prefix` is the pointer of the object in the options (`/limits` for the keys of `limits`).
 * Never throws: options that cannot be read (a revoked Proxy, one whose traps throw) are one
 * `api/bad-argument` naming them.
 */
export function unknownOptions(fn: string, options: unknown, known: readonly string[], prefix = ''): Diagnostic[] {
  if (options === null || (typeof options !== 'object' && typeof options !== 'function')) return [];
  let keys: string[];
  try {
    keys = Object.keys(options);
  } catch {
    // A revoked Proxy, or one whose traps throw: no option can be read from it.
    const name = prefix === '' ? 'options' : `options${prefix.replace(/\//g, '.')}`;
    return [
      diagnosticOf('api/bad-argument', badArgumentCode, { fn, name, expected: 'an object whose keys can be read', found: 'an object that throws when read (a revoked Proxy, or one whose traps throw)', fix: 'Pass a plain object, or leave it out for the defaults.' }, { path: prefix }),
    ];
  }
  const out: Diagnostic[] = [];
  let more = 0;
  for (const key of keys) {
    if (known.includes(key)) continue;
    if (out.length >= DEFAULT_MAX_DIAGNOSTICS) {
      more++;
      continue;
    }
    const suggestion = closest(key, known);
    const option = prefix === '' ? key : `${prefix.slice(1)}.${key}`;
    out.push(diagnostic('api/unknown-option', { fn, option, known, ...(suggestion ? { suggestion } : {}) }, { path: `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}` }));
  }
  if (more > 0) out.push(diagnostic('limit/more-diagnostics', { count: more, limit: DEFAULT_MAX_DIAGNOSTICS }, { path: '' }));
  return out;
}
