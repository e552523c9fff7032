import type { Clause, Query, Span } from '../ast/index.js';
import type { DiagnosticPlace, Fix, RelatedInformation } from '../diagnostics/index.js';

/** A span (when the query has source positions) and a JSON pointer. */
export interface Place {
  readonly span?: Span | undefined;
  readonly path: string;
}

/**
 * Where the parts of one clause stand: a span in the source text and a JSON pointer into the
 * clause's wire form. Computed on demand (only clauses with a diagnostic need them).
 *
 * The path points into the wire form of the clause. A wire query with positions uses the layout
 * it was written in (shorthand exactly when it has no operator span); a query without positions,
 * or one read from the infix syntax, uses the canonical layout (shorthand for `=` only), since
 * that is the wire form it would be sent as. Every segment is a number, so nothing needs escaping.
 */
export class ClausePlaces {
  constructor(
    private readonly query: Query,
    private readonly index: number,
    private readonly c: Clause,
  ) {}

  private get shorthand(): boolean {
    const spans = this.c.spans;
    return spans && this.query.syntax !== 'infix' ? spans.operator === undefined : this.c.operator === '=';
  }

  /** The whole clause (`/i`). */
  get clause(): Place {
    return { span: this.c.spans?.clause, path: `/${this.index}` };
  }

  /** The field (`/i/0` in the shorthand, `/i/0/1` in the full form). */
  get field(): Place {
    return { span: this.c.spans?.field, path: this.shorthand ? `/${this.index}/0` : `/${this.index}/0/1` };
  }

  /** The operator (`/i/0/0`); the field's place for the shorthand `[field, value]`, which has none. */
  get operator(): Place {
    const spans = this.c.spans;
    return { span: spans?.operator ?? spans?.field, path: this.shorthand ? `/${this.index}/0` : `/${this.index}/0/0` };
  }

  /** The value (`/i/1`). */
  get value(): Place {
    return { span: this.c.spans?.value, path: `/${this.index}/1` };
  }

  /** Candidate `k` of an array value (`/i/1/k`; the whole value's span when it has no own span). */
  item(k: number): Place {
    const spans = this.c.spans;
    return { span: spans?.items?.[k] ?? spans?.value, path: `/${this.index}/1/${k}` };
  }
}

/** The places of clause `index` of `query`. */
export function clausePlaces(query: Query, index: number, c: Clause): ClausePlaces {
  return new ClausePlaces(query, index, c);
}

/**
 * `place` with quick fixes (and notes pointing at other clauses), as the place of a diagnostic.
 * Written out key by key on purpose: in Node 20 an object spread followed by more keys
 * (`{ ...place, fixes }`) costs about 1.5 µs per added key (measured), more than the whole check
 * of a clause.
 */
export function placeWith(place: Place, fixes: readonly Fix[], related?: readonly RelatedInformation[]): DiagnosticPlace {
  return { span: place.span, path: place.path, related, fixes };
}
