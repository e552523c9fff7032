/**
 * Diagnostics and quick fixes for what the language deliberately lacks: `or`, `not` and
 * grouping with parentheses. The grammar accepts them so that the rest of the text still parses;
 * here each occurrence gets its own diagnostic, and a fix where the meaning can be kept:
 *
 * - `a = 1 or a = 2 or a one-of [3]`  ->  `a one-of [1, 2, 3]` (same field, `=`/`one-of` only);
 * - `not a present? true`, `a is not present`  ->  `a present? false` (and the converse);
 * - `(a = 1 and b = 2)`  ->  `a = 1 and b = 2` (parentheses around `and` only).
 */
import type { IToken } from 'chevrotain';
import { clause, type Clause, type JsonValue, type Span } from '../ast/index.js';
import { diagnostic, type Diagnostic, type Fix } from '../diagnostics/index.js';
import { formatClause } from './format.js';
import { tokenSpan } from './token-span.js';

/** What the visitor knows about one term of a conjunction. */
export interface TermInfo {
  span: Span;
  /** `not` before the term. */
  not?: IToken;
  /** `not` inside the clause (`a not = 1`, `a is not present`). */
  clauseNots?: IToken[];
  /** The clause, when it parsed completely, and its index in the query. */
  clause?: Clause;
  index?: number;
  group?: { lparen: IToken; rparen?: IToken; terms: TermInfo[] };
  /** The `and` or `or` written before the term. */
  connective?: IToken;
  /** Error recovery dropped or invented part of the term. */
  damaged: boolean;
}

const spanOf = tokenSpan;

const isOr = (t: IToken | undefined): boolean => t?.tokenType.name === 'Or';

/** Diagnostics for `or`, `not` and groups among `terms`, recursively. */
export function syntaxFixes(terms: readonly TermInfo[], text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const term of terms) {
    const nots = [...(term.not ? [term.not] : []), ...(term.clauseNots ?? [])];
    const fix = nots.length ? notFix(term, nots.length % 2 === 1) : undefined;
    for (const n of nots) out.push(diagnostic('syntax/no-not', {}, { span: spanOf(n), fixes: fix ? [fix] : [] }));
    if (term.group) {
      const g = term.group;
      out.push(diagnostic('syntax/no-grouping', {}, { span: spanOf(g.lparen), fixes: groupFix(term, text) }));
      out.push(...syntaxFixes(g.terms, text));
    }
  }
  // Runs of terms joined by `or`: one diagnostic per `or`, all sharing the run's fix.
  let i = 0;
  while (i < terms.length) {
    let j = i;
    while (j + 1 < terms.length && isOr((terms[j + 1] as TermInfo).connective)) j++;
    if (j > i) {
      const run = terms.slice(i, j + 1);
      const fix = orFix(run);
      for (const t of run.slice(1)) {
        out.push(diagnostic('syntax/no-or', {}, { span: spanOf(t.connective as IToken), fixes: fix ? [fix] : [] }));
      }
    }
    i = j + 1;
  }
  return out;
}

/** `not` around a `present?` clause flips its value; nothing else has a faithful rewrite. */
function notFix(term: TermInfo, negated: boolean): Fix | undefined {
  const c = term.clause;
  if (!c || term.group || term.index === undefined || c.operator !== 'present?' || typeof c.value !== 'boolean') return undefined;
  const replacement = clause('present?', c.field, negated ? !c.value : c.value);
  const text = formatClause(replacement);
  return {
    title: `Write \`${text}\``,
    edits: [{ span: term.span, newText: text }],
    change: { kind: 'replace-clauses', clauses: [term.index], with: replacement },
  };
}

/** Same-field `=`/`one-of` alternatives become one `one-of`. */
function orFix(run: readonly TermInfo[]): Fix | undefined {
  const first = run[0]?.clause;
  if (!first) return undefined;
  const values: JsonValue[] = [];
  const indices: number[] = [];
  for (const t of run) {
    const c = t.clause;
    if (!c || t.not || t.clauseNots?.length || t.group || t.index === undefined || c.field !== first.field) return undefined;
    if (c.operator === '=') values.push(c.value);
    else if (c.operator === 'one-of' && Array.isArray(c.value)) values.push(...(c.value as readonly JsonValue[]));
    else return undefined;
    indices.push(t.index);
  }
  const replacement = clause('one-of', first.field, values);
  const text = formatClause(replacement);
  const last = run[run.length - 1] as TermInfo;
  return {
    title: `Write \`${text}\``,
    edits: [{ span: { start: (run[0] as TermInfo).span.start, end: last.span.end }, newText: text }],
    change: { kind: 'replace-clauses', clauses: indices, with: replacement },
  };
}

/** Removing the parentheses keeps the meaning when the group is a plain conjunction, not negated. */
function groupFix(term: TermInfo, text: string): Fix[] {
  const g = term.group;
  if (!g || !g.rparen || term.not || term.damaged) return [];
  if (g.terms.some((t) => isOr(t.connective) || t.not || t.clauseNots?.length || t.group || t.damaged)) return [];
  const l = spanOf(g.lparen);
  const r = spanOf(g.rparen);
  let lEnd = l.end;
  while (lEnd < r.start && /\s/.test(text[lEnd] as string)) lEnd++;
  let rStart = r.start;
  while (rStart > lEnd && /\s/.test(text[rStart - 1] as string)) rStart--;
  return [
    {
      title: 'Remove the parentheses',
      edits: [
        { span: { start: rStart, end: r.end }, newText: '' },
        { span: { start: l.start, end: lEnd }, newText: '' },
      ],
    },
  ];
}
