import { containsPhrase, matchesAll } from '../text/index.js';
import { argumentError, guard } from '../diagnostics/index.js';

/** The part of a better-sqlite3 `Database` that {@link registerSqliteFunctions} uses. */
export interface SqliteFunctionHost {
  function(name: string, options: { deterministic?: boolean; varargs?: boolean }, fn: (...args: never[]) => unknown): unknown;
}

function readTokens(json: unknown): string[] | undefined {
  if (typeof json !== 'string') return undefined;
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) && v.every((t) => typeof t === 'string') ? (v as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Installs the functions SQLite needs for `matches` and `matches-phrase` on a better-sqlite3
 * connection (call once per connection, before running compiled SQL that uses them):
 * `catq_matches(text, tokensJson)` and `catq_matches_phrase(text, tokensJson)`, both 1 or 0
 * (NULL when the text is not a string). SQLite has no regular expressions and its `lower()` is
 * ASCII-only, so instead of a pure-SQL approximation it runs the tokenizer of src/text itself:
 * the result is the evaluator's by construction. The trade-off: such SQL only runs on a
 * connection that registered them (not in the `sqlite3` shell).
 */
export function registerSqliteFunctions(db: SqliteFunctionHost): void {
  try {
    return guard('registerSqliteFunctions', () => {
      db.function('catq_matches', { deterministic: true }, ((text: unknown, tokens: unknown) => {
        const terms = readTokens(tokens);
        if (typeof text !== 'string' || !terms) return null;
        return matchesAll(text, terms) ? 1 : 0;
      }) as (...args: never[]) => unknown);
      db.function('catq_matches_phrase', { deterministic: true }, ((text: unknown, tokens: unknown) => {
        const terms = readTokens(tokens);
        if (typeof text !== 'string' || !terms) return null;
        return containsPhrase(text, terms) ? 1 : 0;
      }) as (...args: never[]) => unknown);
    });
  } catch (e) {
    throw argumentError('registerSqliteFunctions', e);
  }
}
