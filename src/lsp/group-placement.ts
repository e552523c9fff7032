/**
 * Moving clauses and diagnostics between coordinates: a group of clauses is validated laid out
 * one after another in its own coordinates (so that the result can be cached by the clauses'
 * texts), and its diagnostics are moved to where the clauses stand in the document.
 */
import type { Clause, ClauseSpans, Span } from '../ast/index.js';
import type { Diagnostic, QueryChange, RelatedInformation } from '../diagnostics/index.js';

/** Moves diagnostics from a group's own coordinates and indices to the document's. */
export class GroupPlacement {
  private readonly bases: number[] = [];
  constructor(
    texts: readonly string[],
    private readonly starts: readonly number[],
    private readonly indices: readonly number[],
  ) {
    let base = 0;
    for (const t of texts) {
      this.bases.push(base);
      base += t.length + 1;
    }
  }

  /** The member whose clause holds a group offset. */
  member(offset: number): number {
    let lo = 0;
    let hi = this.bases.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.bases[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  span(s: Span): Span {
    const k = this.member(s.start);
    const shift = (this.starts[k] as number) - (this.bases[k] as number);
    return { start: s.start + shift, end: s.end + shift };
  }

  /** `/k/...` (clause k of the group) to `/i/...` (clause i of the document). */
  path(p: string): string {
    let end = 1;
    while (end < p.length && p.charCodeAt(end) >= 48 && p.charCodeAt(end) <= 57) end++;
    if (end === 1 || p.charCodeAt(0) !== 47) return p;
    const i = this.indices[Number(p.slice(1, end))];
    return i === undefined ? p : `/${i}${p.slice(end)}`;
  }

  index(k: number): number {
    return this.indices[k] ?? k;
  }

  /** The document index of the clause a group diagnostic is about (by its place). */
  clauseOf(d: Diagnostic): number {
    return this.index(d.span ? this.member(d.span.start) : 0);
  }

  change(c: QueryChange): QueryChange {
    return c.kind === 'replace-clauses' ? { ...c, clauses: c.clauses.map((k) => this.index(k)) } : { ...c, clause: this.index(c.clause) };
  }

  related(r: RelatedInformation): RelatedInformation {
    const out: { -readonly [K in keyof RelatedInformation]: RelatedInformation[K] } = { ...r };
    if (r.span) out.span = this.span(r.span);
    if (r.path !== undefined) out.path = this.path(r.path);
    return out;
  }

  diagnostic(d: Diagnostic): Diagnostic {
    const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { ...d };
    if (d.span) out.span = this.span(d.span);
    if (d.path !== undefined) out.path = this.path(d.path);
    if (d.related) out.related = d.related.map((r) => this.related(r));
    if (d.fixes) out.fixes = d.fixes.map((f) => (f.change ? { ...f, change: this.change(f.change) } : f));
    return out;
  }
}

function shiftSpan(s: Span, by: number): Span {
  return Object.freeze({ start: s.start + by, end: s.end + by });
}

/**
 * The clause with every span moved by `by`. The value is the parsed clause's (already frozen);
 * only the spans are new, so the copy is cheap.
 */
export function shiftClause(c: Clause, by: number): Clause {
  const s = c.spans;
  if (!s || by === 0) return c;
  const spans: { -readonly [K in keyof ClauseSpans]: ClauseSpans[K] } = { clause: shiftSpan(s.clause, by), field: shiftSpan(s.field, by), value: shiftSpan(s.value, by) };
  if (s.operator) spans.operator = shiftSpan(s.operator, by);
  if (s.items) spans.items = Object.freeze(s.items.map((x) => shiftSpan(x, by)));
  return Object.freeze({ kind: 'clause', operator: c.operator, field: c.field, value: c.value, spans: Object.freeze(spans) });
}
