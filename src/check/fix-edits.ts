import { clause as makeClause, type Clause, type JsonValue, type Operator, type Query, type Span } from '../ast/index.js';
import { guard } from '../diagnostics/index.js';
import type { QueryChange, TextEdit } from '../diagnostics/index.js';

/**
 * Writes parts of a query in one source syntax, so that a syntax-independent {@link QueryChange}
 * becomes text edits. The wire codec and the infix syntax each have one.
 */
export interface SourcePrinter {
  /** A field name as it is written in a clause. */
  field(name: string): string;
  /** A value as it is written in a clause. */
  value(v: JsonValue): string;
  /** A whole clause. */
  clause(c: Clause): string;
  /** What stands between two clauses (`,` on the wire, ` and ` in infix). */
  readonly separator: string;
  /**
   * An operator as it is written in place of an existing operator span. Optional: without it, a
   * change of operator rewrites the whole clause.
   */
  operator?(op: Operator): string;
  /**
   * The text that replaces the field of a clause written without an operator (the wire shorthand
   * `[field, value]`) to give it `op`, e.g. `["<","price"]`. Optional, as for `operator`.
   */
  head?(op: Operator, field: string): string;
}

/** Writes wire JSON: the canonical form, equality in the shorthand `[field, value]`. */
export const wirePrinter: SourcePrinter = {
  field: (name) => JSON.stringify(name),
  value: (v) => JSON.stringify(v),
  clause: (c) =>
    c.operator === '='
      ? `[${JSON.stringify(c.field)},${JSON.stringify(c.value)}]`
      : `[[${JSON.stringify(c.operator)},${JSON.stringify(c.field)}],${JSON.stringify(c.value)}]`,
  separator: ',',
  operator: (op) => JSON.stringify(op),
  head: (op, field) => `[${JSON.stringify(op)},${JSON.stringify(field)}]`,
};

/**
 * The text edits that carry out `change` on the source text of `query`, written with `printer`.
 * Empty when the clauses involved have no source positions. Edits never overlap; apply them from
 * the end of the text backwards. Removing a clause removes one separator with it.
 */
export function fixEdits(query: Query, change: QueryChange, printer: SourcePrinter): TextEdit[] {
  return guard('fixEdits', () => {
    const clauses = query.clauses;
    const at = (i: number): Clause | undefined => clauses[i];
    switch (change.kind) {
      case 'set-value': {
        const s = at(change.clause)?.spans;
        return s ? [{ span: s.value, newText: printer.value(change.value) }] : [];
      }
      case 'set-field': {
        const s = at(change.clause)?.spans;
        return s ? [{ span: s.field, newText: printer.field(change.field) }] : [];
      }
      case 'set-operator': {
        const c = at(change.clause);
        const s = c?.spans;
        if (!c || !s) return [];
        if (s.operator && printer.operator) return [{ span: s.operator, newText: printer.operator(change.operator) }];
        if (!s.operator && printer.head) return [{ span: s.field, newText: printer.head(change.operator, c.field) }];
        return [{ span: s.clause, newText: printer.clause(makeClause(change.operator, c.field, c.value)) }];
      }
      case 'remove-clause': {
        const span = removalSpan(clauses, change.clause);
        return span ? [{ span, newText: '' }] : [];
      }
      case 'replace-clauses': {
        const [first, ...rest] = change.clauses;
        const s = first === undefined ? undefined : at(first)?.spans;
        if (first === undefined || !s) return [];
        const edits: TextEdit[] = [{ span: s.clause, newText: printer.clause(change.with) }];
        // The other clauses come after the first (ascending), so each deletes back to its
        // predecessor's end: the ranges are adjacent and never touch the rewritten first clause.
        for (const i of rest) {
          const span = removalSpan(clauses, i);
          if (!span) return [];
          edits.push({ span, newText: '' });
        }
        return edits;
      }
    }
  });
}

/**
 * The range to delete to remove clause `i` with one separator: from the end of the previous
 * clause (`a, b` -> `a`), or for the first clause up to the start of the next one (`a, b` -> `b`).
 * Removing several clauses after a kept one gives adjacent ranges that never overlap.
 */
function removalSpan(clauses: readonly Clause[], i: number): Span | undefined {
  const own = clauses[i]?.spans?.clause;
  if (!own) return undefined;
  if (i > 0) {
    const prev = clauses[i - 1]?.spans?.clause;
    return prev ? { start: prev.end, end: own.end } : undefined;
  }
  const next = clauses[1]?.spans?.clause;
  return { start: own.start, end: next ? next.start : own.end };
}
