import { clause, isOperator, ownedQuery, span, type Clause, type ClauseSpans, type JsonValue, type Operator, type Query, type Span } from '../ast/index.js';
import { describeValue, type Diagnostic, type Fix } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { DEFAULT_LIMITS, type DecodeLimits } from './limits.js';
import { markPlainQuery } from './plain-queries.js';
import type { TextNode } from './scan.js';
import { suggestOperator } from './suggest-operator.js';

/** What {@link readClauses} works on: the JSON value, and its spans when it came from text. */
export interface ClauseInput {
  readonly value: JsonValue;
  readonly root?: TextNode | undefined;
  /** Clauses not to check (they hold values that are not JSON, already reported). */
  readonly skip?: ReadonlySet<number> | undefined;
  /**
   * Filled with every clause read without a problem, with its index (for checks despite errors),
   * when `diagnostics` holds a problem at the end (none is wanted otherwise).
   */
  readonly readable?: { index: number; clause: Clause }[] | undefined;
}

// Clause spans are plain {start, end} objects inside the frozen ClauseSpans: freezing each one
// as well cost about a third of decode's own time (Object.freeze is ~50 ns a call). A scanned
// node without children already is such an object (and is ours), so it is used as it is.
const toSpan = (n: TextNode | undefined): Span | undefined => (n ? (n.children ? { start: n.start, end: n.end } : n) : undefined);

/**
 * Checks the wire shape of a parsed query (docs/semantics.md section 1) and builds its clauses. Every
 * clause is checked, so one bad clause does not hide the next; the query is returned only when
 * no clause had a problem.
 */
export function readClauses(input: ClauseInput, limits: DecodeLimits, diagnostics: Diagnostic[]): Query | undefined {
  const { value, root } = input;
  const before = diagnostics.length;
  if (!Array.isArray(value)) {
    diagnostics.push(diagnostic('wire/not-an-array', { found: describeValue(value) }, { span: toSpan(root), path: '' }));
    return undefined;
  }
  const items = value as readonly JsonValue[];
  const nodes = root?.children;
  const count = Math.min(items.length, limits.maxClauses);
  if (items.length > limits.maxClauses) {
    const first = nodes?.[limits.maxClauses];
    const last = nodes?.[items.length - 1];
    diagnostics.push(
      diagnostic(
        'wire/too-many-clauses',
        { count: items.length, limit: limits.maxClauses },
        { span: first && last ? span(first.start, last.end) : undefined, path: `/${limits.maxClauses}` },
      ),
    );
  }
  const clauses: Clause[] = [];
  // The index of each clause read, for `readable`, which is only wanted when there are problems.
  const indices: number[] = [];
  for (let i = 0; i < count; i++) {
    if (input.skip?.has(i)) continue;
    const c = readClause(items[i] as JsonValue, nodes?.[i], i, limits, diagnostics);
    if (c) {
      clauses.push(c);
      indices.push(i);
    }
  }
  // (Any problem, this stage's or an earlier one's, means the caller returns no query.)
  if (input.readable && diagnostics.length > 0) for (let k = 0; k < clauses.length; k++) input.readable.push({ index: indices[k] as number, clause: clauses[k] as Clause });
  if (diagnostics.length > before) return undefined;
  if (!root) return ownedQuery(clauses, undefined, 'wire');
  const read = ownedQuery(clauses, span(root.start, root.end), 'wire');
  // Text within the default limits holds only what validate's safe reading would accept as it is.
  return limits.maxDepth <= DEFAULT_LIMITS.maxDepth && limits.maxLength <= DEFAULT_LIMITS.maxLength ? markPlainQuery(read) : read;
}

function readClause(c: JsonValue, node: TextNode | undefined, i: number, limits: DecodeLimits, diagnostics: Diagnostic[]): Clause | undefined {
  if (!Array.isArray(c) || c.length !== 2) {
    const path = `/${i}`;
    const fixes = flatClauseFix(c, node, i);
    diagnostics.push(diagnostic('wire/bad-clause', { found: describeClause(c) }, { span: toSpan(node), path, fixes }));
    return undefined;
  }
  const [head, value] = c as unknown as readonly [JsonValue, JsonValue];
  const headNode = node?.children?.[0];
  const valueNode = node?.children?.[1];
  let ok = true;
  let operator: Operator = '=';
  let field = '';
  let operatorSpan: Span | undefined;
  let fieldSpan: Span | undefined;
  if (typeof head === 'string') {
    field = head;
    fieldSpan = toSpan(headNode);
  } else if (Array.isArray(head) && head.length === 2) {
    const [op, f] = head as unknown as readonly [JsonValue, JsonValue];
    const opNode = headNode?.children?.[0];
    const fieldNode = headNode?.children?.[1];
    operatorSpan = toSpan(opNode);
    fieldSpan = toSpan(fieldNode);
    if (typeof op !== 'string') {
      ok = false;
      diagnostics.push(diagnostic('wire/operator-not-string', { found: describeValue(op) }, { span: operatorSpan, path: `/${i}/0/0` }));
    } else if (!isOperator(op)) {
      ok = false;
      const suggestion = suggestOperator(op);
      const fixes: Fix[] = suggestion
        ? [{ title: `Use ${JSON.stringify(suggestion)}`, edits: operatorSpan ? [{ span: operatorSpan, newText: JSON.stringify(suggestion) }] : [], change: { kind: 'set-operator', clause: i, operator: suggestion } }]
        : [];
      diagnostics.push(
        diagnostic('wire/unknown-operator', suggestion ? { operator: op, suggestion } : { operator: op }, { span: operatorSpan, path: `/${i}/0/0`, fixes }),
      );
    } else operator = op;
    if (typeof f !== 'string') {
      ok = false;
      diagnostics.push(diagnostic('wire/field-not-string', { found: describeValue(f) }, { span: fieldSpan, path: `/${i}/0/1` }));
    } else field = f;
  } else if (head === null || typeof head !== 'object') {
    // A number, boolean or null where the shorthand's field belongs.
    ok = false;
    diagnostics.push(diagnostic('wire/field-not-string', { found: describeValue(head) }, { span: toSpan(headNode), path: `/${i}/0` }));
  } else {
    ok = false;
    diagnostics.push(diagnostic('wire/bad-head', { found: describeValue(head) }, { span: toSpan(headNode), path: `/${i}/0` }));
  }
  if (Array.isArray(value) && value.length > limits.maxListLength) {
    ok = false;
    diagnostics.push(
      diagnostic('wire/list-too-long', { count: value.length, limit: limits.maxListLength }, { span: toSpan(valueNode), path: `/${i}/1` }),
    );
  }
  if (!ok) return undefined;
  if (!node || !fieldSpan || !valueNode) return clause(operator, field, value);
  const spans: { -readonly [K in keyof ClauseSpans]: ClauseSpans[K] } = {
    clause: { start: node.start, end: node.end },
    field: fieldSpan,
    value: toSpan(valueNode) as Span,
  };
  if (operatorSpan) spans.operator = operatorSpan;
  if (valueNode.children) spans.items = valueNode.children.map((n) => toSpan(n) as Span);
  return clause(operator, field, value, { spans });
}

function describeClause(c: JsonValue): string {
  if (Array.isArray(c)) return c.length === 0 ? 'an empty array' : `an array of ${c.length} element${c.length === 1 ? '' : 's'}`;
  return describeValue(c);
}

/** `["<", "price", 10]` is a common slip for `[["<", "price"], 10]`: offer the nesting. */
function flatClauseFix(c: JsonValue, node: TextNode | undefined, i: number): Fix[] {
  if (!Array.isArray(c) || c.length !== 3) return [];
  const [op, field, value] = c as unknown as readonly [JsonValue, JsonValue, JsonValue];
  if (!isOperator(op) || typeof field !== 'string') return [];
  const fixed = op === '=' ? [field, value] : [[op, field], value];
  const built = clause(op, field, value);
  return [
    {
      title: `Write it as ${JSON.stringify(fixed)}`,
      edits: node ? [{ span: span(node.start, node.end), newText: JSON.stringify(fixed) }] : [],
      change: { kind: 'replace-clauses', clauses: [i], with: built },
    },
  ];
}
