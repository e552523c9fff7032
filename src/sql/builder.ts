/**
 * Collects bound parameters while a statement is built. Fragments carry a marker per parameter
 * (`\u0000<n>\u0000`, never valid in SQL text nor in a quoted identifier, which refuses NUL), and
 * {@link SqlBuilder.finish} turns the markers into the dialect's placeholders in text order. So
 * fragments can be built in any order and nested freely, and a parameter used twice is bound
 * once on PostgreSQL (`$3` twice) and twice on SQLite (`?` is positional).
 */
export class SqlBuilder {
  private readonly values: unknown[] = [];
  private readonly byKey = new Map<string, number>();

  /** A placeholder marker for `value`. */
  param(value: string | number | null): string {
    this.values.push(value);
    return `\u0000${this.values.length - 1}\u0000`;
  }

  /** Like {@link param}, but one parameter per distinct value (JSON keys, paths, repeated patterns). */
  shared(value: string): string {
    let i = this.byKey.get(value);
    if (i === undefined) {
      this.values.push(value);
      i = this.values.length - 1;
      this.byKey.set(value, i);
    }
    return `\u0000${i}\u0000`;
  }

  /** Replaces markers by placeholders and lists the parameters in placeholder order. */
  finish(text: string, style: 'numbered' | 'positional'): { sql: string; params: unknown[] } {
    if (style === 'numbered') {
      // PostgreSQL numbers parameters by first appearance, so unused ones never get a slot.
      const slot = new Map<number, number>();
      const params: unknown[] = [];
      const sql = text.replace(MARKER, (_, n: string) => {
        const i = Number(n);
        let s = slot.get(i);
        if (s === undefined) {
          params.push(this.values[i]);
          s = params.length;
          slot.set(i, s);
        }
        return `$${s}`;
      });
      return { sql, params };
    }
    const params: unknown[] = [];
    const sql = text.replace(MARKER, (_, n: string) => {
      params.push(this.values[Number(n)]);
      return '?';
    });
    return { sql, params };
  }
}

const MARKER = /\u0000(\d+)\u0000/g;
