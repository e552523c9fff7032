/**
 * Collects bound parameters while a statement is built.
 *
 * - `numbered` (PostgreSQL): `param` returns `$n` at once; a value bound with `shared` (JSON
 *   keys, constants) gets one number however often it is used.
 * - `positional` (SQLite): `?` binds by position, so fragments carry a marker per parameter
 *   (`\u0000<n>\u0000`, which is never valid in SQL text nor in a quoted identifier, which
 *   refuses NUL) and {@link SqlBuilder.finish} turns markers into `?` in text order, listing the
 *   values in that order (a shared value is bound once per use).
 *
 * Either way fragments can be built in any order and nested freely.
 */
export class SqlBuilder {
  private readonly values: unknown[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly ordinals = new Map<string, number>();

  /**
   * @param inline writes {@link SqlBuilder.constant}s as SQL literals instead of parameters
   * (the `inlineConstants` option; PostgreSQL's literal quoting).
   */
  constructor(
    private readonly style: 'numbered' | 'positional' = 'positional',
    private readonly inline?: (value: string) => string,
  ) {}

  /**
   * A constant that comes from the catalog or the compiler, never from the request (a JSON key,
   * a fixed threshold): a shared parameter, or a literal when the builder inlines constants.
   */
  constant(value: string): string {
    return this.inline ? this.inline(value) : this.shared(value);
  }

  /** A placeholder (or marker) for `value`. */
  param(value: string | number | boolean | null | readonly (string | number | boolean)[]): string {
    this.values.push(value);
    return this.slot(this.values.length - 1);
  }

  /** Like {@link param}, but one parameter per distinct value (JSON keys, paths, constants). */
  shared(value: string): string {
    let i = this.byKey.get(value);
    if (i === undefined) {
      this.values.push(value);
      i = this.values.length - 1;
      this.byKey.set(value, i);
    }
    return this.slot(i);
  }

  /**
   * The position of `value` among the distinct values this builder was asked about (0, 1, 2, ...
   * in the order of first asking): a number that tells two different values of one statement
   * apart (the MySQL dialect uses it, see `mysql.ts`).
   */
  ordinal(value: string): number {
    let i = this.ordinals.get(value);
    if (i === undefined) {
      i = this.ordinals.size;
      this.ordinals.set(value, i);
    }
    return i;
  }

  /**
   * A second builder that starts where this one stands: the fragments built so far mean the same
   * in both (same numbers, same markers), so two statements can share one compiled condition.
   */
  fork(): SqlBuilder {
    const other = new SqlBuilder(this.style, this.inline);
    for (const v of this.values) other.values.push(v);
    this.byKey.forEach((i, k) => other.byKey.set(k, i));
    this.ordinals.forEach((i, k) => other.ordinals.set(k, i));
    return other;
  }

  private slot(i: number): string {
    return this.style === 'numbered' ? `$${i + 1}` : `\u0000${i}\u0000`;
  }

  /** The final text and its parameters in binding order. */
  finish(text: string): { sql: string; params: unknown[] } {
    if (this.style === 'numbered') return { sql: text, params: [...this.values] };
    // Split on the markers: odd pieces are parameter indexes.
    const pieces = text.split('\u0000');
    const params: unknown[] = [];
    let sql = pieces[0] as string;
    for (let k = 1; k < pieces.length; k += 2) {
      params.push(this.values[Number(pieces[k])]);
      sql += '?' + (pieces[k + 1] as string);
    }
    return { sql, params };
  }
}
