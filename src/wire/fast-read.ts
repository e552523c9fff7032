/**
 * The fast path of `decode` for JSON text that is plainly a valid wire query: the clauses and
 * their spans in one walk of the text beside the value `JSON.parse` made of it. The value gives
 * the structure (JSON.parse has accepted the text), so the walk only finds where each part stands,
 * and it builds the query's own nodes directly, with no tree of spans in between.
 *
 * It gives up (returns undefined) at the first thing that is not plainly valid, and the full
 * reader (`scanJson` and `readClauses`) then reads the text and finds every diagnostic: the fast
 * path never decides a problem. It reads the common shapes only: clauses `[field, value]` and
 * `[[operator, field], value]` with a known operator, and values that are scalars or lists of
 * scalars. `test/wire/fast-read.property.test.ts` holds it to the full reader, spans included.
 */
import { isOperator, ownedClause, ownedQuery, span, type Clause, type ClauseSpans, type JsonValue, type Query, type Span } from '../ast/index.js';
import { DEFAULT_LIMITS, type DecodeLimits } from './limits.js';
import { markPlainQuery } from './plain-queries.js';

/**
 * The query of `text` (whose parsed value is `value`) when it is plainly valid within `limits`,
 * with the spans the full reader gives; undefined otherwise.
 */
export function readPlainWire(text: string, value: JsonValue, limits: DecodeLimits): Query | undefined {
  // The head and a list value are arrays at depth 3 (the query is 1): tighter limits take the full path.
  if (!Array.isArray(value) || value.length > limits.maxClauses || limits.maxDepth < 3) return undefined;
  const w = new Walk(text);
  w.blanks();
  const start = w.pos;
  if (!w.take(91 /* [ */)) return undefined;
  const n = value.length;
  const clauses: Clause[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0 && !w.take(44 /* , */)) return undefined;
    const c = readClause(w, value[i] as JsonValue, limits);
    if (!c) return undefined;
    clauses.push(c);
  }
  if (!w.take(93 /* ] */)) return undefined;
  const read = ownedQuery(clauses, span(start, w.pos), 'wire');
  // As readClauses: text within the default limits holds only what validate's safe reading accepts as it is.
  return limits.maxDepth <= DEFAULT_LIMITS.maxDepth && limits.maxLength <= DEFAULT_LIMITS.maxLength ? markPlainQuery(read) : read;
}

/** One clause `[field, value]` or `[[operator, field], value]`, the walk standing before it. */
function readClause(w: Walk, c: JsonValue, limits: DecodeLimits): Clause | undefined {
  if (!Array.isArray(c) || c.length !== 2) return undefined;
  const head = c[0] as JsonValue;
  const value = c[1] as JsonValue;
  w.blanks();
  const start = w.pos;
  if (!w.take(91 /* [ */)) return undefined;
  let operator: string = '=';
  let operatorSpan: Span | undefined;
  let field: string;
  let fieldSpan: Span | undefined;
  if (typeof head === 'string') {
    field = head;
    fieldSpan = w.scalar(head);
  } else if (Array.isArray(head) && head.length === 2) {
    const op = head[0] as JsonValue;
    const f = head[1] as JsonValue;
    if (!isOperator(op) || typeof f !== 'string' || !w.take(91 /* [ */)) return undefined;
    operator = op;
    operatorSpan = w.scalar(op);
    if (!w.take(44 /* , */)) return undefined;
    field = f;
    fieldSpan = w.scalar(f);
    if (!w.take(93 /* ] */)) return undefined;
  } else return undefined;
  if (!fieldSpan || !w.take(44 /* , */)) return undefined;
  let valueSpan: Span | undefined;
  let items: Span[] | undefined;
  if (Array.isArray(value)) {
    if (value.length > limits.maxListLength) return undefined;
    w.blanks();
    const valueStart = w.pos;
    if (!w.take(91 /* [ */)) return undefined;
    items = [];
    for (let k = 0; k < value.length; k++) {
      if (k > 0 && !w.take(44 /* , */)) return undefined;
      const item = w.scalar(value[k] as JsonValue);
      if (!item) return undefined;
      items.push(item);
    }
    if (!w.take(93 /* ] */)) return undefined;
    valueSpan = { start: valueStart, end: w.pos };
    Object.freeze(value);
  } else valueSpan = w.scalar(value);
  if (!valueSpan || !w.take(93 /* ] */)) return undefined;
  // The keys in the order the full reader writes them (clause, field, value, operator, items).
  const spans: { -readonly [K in keyof ClauseSpans]: ClauseSpans[K] } = { clause: { start, end: w.pos }, field: fieldSpan, value: valueSpan };
  if (operatorSpan) spans.operator = operatorSpan;
  if (items) spans.items = Object.freeze(items);
  // (Frozen here, as the full reader's nodes: the value was just made by JSON.parse, and is now ours.)
  return ownedClause(operator as Clause['operator'], field, value, Object.freeze(spans));
}

/** A position in the text, moved token by token. */
class Walk {
  pos = 0;

  constructor(private readonly text: string) {}

  /** Skips JSON blanks. */
  blanks(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.pos);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return;
      this.pos++;
    }
  }

  /** Takes the character `c` after any blanks; false when something else stands there. */
  take(c: number): boolean {
    this.blanks();
    if (this.text.charCodeAt(this.pos) !== c) return false;
    this.pos++;
    return true;
  }

  /**
   * The span of the scalar `v` standing next (after any blanks); undefined for anything the full
   * reader would treat otherwise: a container, or a number that overflowed to an infinity (its
   * `wire/number-out-of-range`).
   */
  scalar(v: JsonValue): Span | undefined {
    this.blanks();
    const t = this.text;
    const start = this.pos;
    if (typeof v === 'string') {
      if (t.charCodeAt(start) !== 34 /* " */) return undefined;
      // From quote to quote; a quote after an odd run of backslashes is escaped.
      let q = t.indexOf('"', start + 1);
      while (q > 0) {
        let b = q - 1;
        while (t.charCodeAt(b) === 92) b--;
        if ((q - 1 - b) % 2 === 0) break;
        q = t.indexOf('"', q + 1);
      }
      if (q < 0) return undefined;
      this.pos = q + 1;
    } else if (typeof v === 'number') {
      if (v === Infinity || v === -Infinity) return undefined;
      let p = start;
      for (;;) {
        const d = t.charCodeAt(p);
        if ((d >= 48 && d <= 57) || d === 46 || d === 45 || d === 43 || d === 101 || d === 69) p++;
        else break;
      }
      if (p === start) return undefined;
      this.pos = p;
    } else if (v === true || v === null) {
      this.pos += 4;
    } else if (v === false) {
      this.pos += 5;
    } else return undefined;
    return { start, end: this.pos };
  }
}
