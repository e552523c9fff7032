/**
 * Test helper for the validator: writes a wire query (a JSON array, already in clause shape) as
 * JSON text and builds the Query with the spans a position-tracking decoder gives (each token's
 * span includes its quotes; `clause` is the clause's brackets). Independent of src/wire so the
 * validator's tests do not depend on the codec; `applyEdits` + `fromWireText` check quick fixes.
 */
import { clause, isOperator, query, type Clause, type ClauseSpans, type JsonValue, type Operator, type Query, type Span } from '../../src/ast/index.js';
import type { TextEdit } from '../../src/diagnostics/index.js';

/** One wire clause: `[field, value]` or `[[operator, field], value]`. */
export type WireClause = readonly [string, JsonValue] | readonly [readonly [string, string], JsonValue];

/** Layout of the text: compact (`[["a",1]]`) or one clause per line with indentation. */
export interface WriteOptions {
  readonly pretty?: boolean;
}

/** Writes `clauses` as JSON text and returns the text and the spanned query. */
export function spannedWire(clauses: readonly WireClause[], options: WriteOptions = {}): { text: string; query: Query } {
  let text = '';
  const out: Clause[] = [];
  const write = (s: string): Span => {
    const start = text.length;
    text += s;
    return { start, end: text.length };
  };
  write(options.pretty ? '[\n' : '[');
  clauses.forEach((wc, i) => {
    if (i > 0) write(options.pretty ? ',\n' : ', ');
    if (options.pretty) write('  ');
    const start = text.length;
    write('[');
    let operator: Operator = '=';
    let opSpan: Span | undefined;
    let fieldSpan: Span;
    let field: string;
    const head = wc[0];
    if (typeof head === 'string') {
      field = head;
      fieldSpan = write(JSON.stringify(head));
    } else {
      if (!isOperator(head[0])) throw new Error(`test helper: unknown operator ${head[0]}`);
      operator = head[0];
      field = head[1];
      write('[');
      opSpan = write(JSON.stringify(head[0]));
      write(', ');
      fieldSpan = write(JSON.stringify(head[1]));
      write(']');
    }
    write(', ');
    const value = wc[1];
    let items: Span[] | undefined;
    let valueSpan: Span;
    if (Array.isArray(value)) {
      const vStart = text.length;
      write('[');
      items = [];
      value.forEach((v, k) => {
        if (k > 0) write(', ');
        (items as Span[]).push(write(JSON.stringify(v)));
      });
      write(']');
      valueSpan = { start: vStart, end: text.length };
    } else {
      valueSpan = write(JSON.stringify(value));
    }
    write(']');
    const spans: ClauseSpans = {
      clause: { start, end: text.length },
      field: fieldSpan,
      value: valueSpan,
      ...(opSpan ? { operator: opSpan } : {}),
      ...(items ? { items } : {}),
    };
    out.push(clause(operator, field, value, { spans }));
  });
  write(options.pretty ? '\n]' : ']');
  return { text, query: query(out, { span: { start: 0, end: text.length }, syntax: 'wire' }) };
}

/** Reads wire JSON text back into a query without spans (throws on anything malformed: test use only). */
export function fromWireText(text: string): Query {
  const parsed = JSON.parse(text) as unknown[];
  return query(
    parsed.map((wc) => {
      const [head, value] = wc as [unknown, JsonValue];
      if (typeof head === 'string') return clause('=', head, value);
      const [op, field] = head as [string, string];
      if (!isOperator(op)) throw new Error(`unknown operator ${op}`);
      return clause(op, field, value);
    }),
  );
}

/** Applies non-overlapping edits to `text` (from the end backwards); throws if two overlap. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start);
  let out = text;
  let limit = Infinity;
  for (const e of sorted) {
    if (e.span.end > limit) throw new Error('overlapping edits');
    out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
    limit = e.span.start;
  }
  return out;
}
