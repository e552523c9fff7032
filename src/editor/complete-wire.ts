/**
 * Completion in wire text (plain JSON): `[["<op>", "<field>"], <value>]` or `["<field>", <value>]`.
 * The forgiving outline (wire-outline.ts) tells which slot of which clause the cursor is in;
 * the proposals are the same as in the infix syntax (proposals.ts), written as JSON.
 */
import { isOperator, type Operator, type Span } from '../ast/index.js';
import type { Catalog } from '../catalog/index.js';
import type { CompletionItem } from './complete.js';
import { attributeOf, fieldProposals, operatorProposals, valueProposals, type CompleteOptions, type Proposal } from './proposals.js';
import { outlineJson, placeOf, type OutlineNode } from './wire-outline.js';

const json = (v: unknown): string => JSON.stringify(v);

/** What the clause around the cursor says so far. */
interface ClauseSoFar {
  readonly field?: string;
  readonly operator?: Operator;
}

/** Reads the field and operator of a clause array (shorthand or full form), as far as written. */
export function clauseSoFar(clause: Extract<OutlineNode, { kind: 'array' }>): ClauseSoFar {
  const head = childAt(clause, 0);
  if (head?.kind === 'scalar' && typeof head.value === 'string') return { field: head.value, operator: '=' };
  if (head?.kind !== 'array') return {};
  const op = childAt(head, 0);
  const field = childAt(head, 1);
  const out: { field?: string; operator?: Operator } = {};
  if (op?.kind === 'scalar' && typeof op.value === 'string' && isOperator(op.value)) out.operator = op.value;
  if (field?.kind === 'scalar' && typeof field.value === 'string') out.field = field.value;
  return out;
}

/** The element in slot `slot` of an array (slots are counted by commas, so `[, "x"]` has "x" in slot 1). */
function childAt(node: Extract<OutlineNode, { kind: 'array' }>, slot: number): OutlineNode | undefined {
  return node.children.find((ch) => node.commas.filter((c) => c < ch.start).length === slot);
}

/** Completions at `at` in wire text. */
export function completeWire(text: string, at: number, catalog: Catalog, options: CompleteOptions): CompletionItem[] {
  const root = outlineJson(text);
  if (!root) return [];
  const { arrays, token } = placeOf(root, at);
  // Right after a finished element (`["brand"|`): only a comma or a bracket can come.
  const innermost = arrays[arrays.length - 1];
  if (!token && innermost && innermost.node.children.some((ch) => ch.end <= at && innermost.node.commas.filter((c) => c < ch.start).length === innermost.slot)) return [];
  const range: Span = token ? { start: token.start, end: token.end } : { start: at, end: at };
  const typed = token ? text.slice(token.start, at) : '';
  const proposals = wireProposals(arrays, catalog, options);
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const p of proposals) {
    if (seen.has(p.kind + '\u0000' + p.insertText)) continue;
    if (typed && !p.insertText.toLowerCase().startsWith(typed.toLowerCase())) continue;
    seen.add(p.kind + '\u0000' + p.insertText);
    items.push({ ...p, range });
  }
  return items;
}

function wireProposals(arrays: ReturnType<typeof placeOf>['arrays'], catalog: Catalog, options: CompleteOptions): Proposal[] {
  const [query, clause, inner] = arrays;
  // Between clauses: a new clause in the shorthand, up to its value (`["brand", `).
  if (!clause) return query ? fieldProposals(catalog, (f) => `[${json(f)}, `) : [];
  const so = clauseSoFar(clause.node);
  if (!inner) {
    // In the clause: slot 0 is the field of the shorthand, slot 1 the value.
    if (clause.slot === 0) return fieldProposals(catalog, json);
    if (clause.slot === 1) return valueProposals(catalog, so.field, so.operator, false, options, json);
    return [];
  }
  if (arrays.length > 3) return [];
  if (clause.slot === 0) {
    // In the head `[op, field]`.
    if (inner.slot === 0) return operatorProposals(so.field === undefined ? undefined : attributeOf(catalog, so.field), json);
    if (inner.slot === 1) return fieldProposals(catalog, json);
    return [];
  }
  if (clause.slot === 1 && so.operator === 'one-of') return valueProposals(catalog, so.field, so.operator, true, options, json);
  return [];
}
