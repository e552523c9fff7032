/**
 * The CST visitor: turns Chevrotain's concrete syntax tree into AST clauses with spans, and
 * reports what the grammar accepts only to reject (`or`, `not`, `!=`, parentheses, a missing
 * `and`, an unquoted word, bad literals) with dedicated codes and quick fixes.
 *
 * Token positions become half-open spans through `tokenSpan` (token-span.ts) only.
 */
import type { IToken } from 'chevrotain';
import { clause, type Clause, type ClauseSpans, type JsonValue, type Operator, type Span } from '../ast/index.js';
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';
import { operatorOfToken } from '../operators/index.js';
import type {
  ArrayCstNode,
  ClauseCstNode,
  ConjunctionCstNode,
  FieldCstNode,
  MemberCstNode,
  ObjectCstNode,
  TermCstNode,
  ValueCstNode,
} from './cst.js';
import { decodeNumber, decodeQuotedField, decodeString, type LiteralProblem } from './literals.js';
import { syntaxFixes, type TermInfo } from './syntax-fixes.js';
import { isRealToken, tokenSpan } from './token-span.js';

/** The first real token of a CST child list. */
function firstReal(tokens: IToken[] | undefined): IToken | undefined {
  if (!tokens) return undefined;
  for (const t of tokens) if (isRealToken(t)) return t;
  return undefined;
}


/** A decoded value: `ok` is false when the tree was damaged by recovery or a number is unusable. */
interface ValueInfo {
  readonly value: JsonValue;
  readonly span: Span;
  readonly ok: boolean;
  readonly items?: Span[];
}

/** Collects diagnostics and clauses while walking one CST. */
export class AstBuilder {
  readonly diagnostics: Diagnostic[] = [];
  readonly clauses: Clause[] = [];

  constructor(private readonly text: string) {}

  private literal(problems: readonly LiteralProblem[]): void {
    for (const p of problems) {
      switch (p.code) {
        case 'syntax/unterminated-string':
        case 'syntax/unterminated-field':
          this.diagnostics.push(diagnostic(p.code, {}, { span: p.span }));
          break;
        case 'syntax/invalid-escape':
          this.diagnostics.push(diagnostic(p.code, { escape: p.escape }, { span: p.span }));
          break;
        case 'syntax/control-character':
          this.diagnostics.push(diagnostic(p.code, { char: p.char }, { span: p.span }));
          break;
        case 'syntax/invalid-number':
          this.diagnostics.push(diagnostic(p.code, { text: p.text }, { span: p.span }));
          break;
      }
    }
  }

  /** Visits the top conjunction and returns nothing; results are in `clauses` and `diagnostics`. */
  conjunctionTop(node: ConjunctionCstNode | undefined): void {
    if (!node) return;
    const terms = this.conjunction(node);
    this.diagnostics.push(...syntaxFixes(terms, this.text));
  }

  private conjunction(node: ConjunctionCstNode): TermInfo[] {
    const terms: TermInfo[] = [];
    const connectives = (node.children.Connective ?? []).filter(isRealToken);
    let ci = 0;
    for (const t of node.children.term) {
      const info = this.term(t);
      if (!info) continue;
      // The connective written before this term, if any (connectives and terms alternate).
      let before: IToken | undefined;
      while (ci < connectives.length && (connectives[ci] as IToken).startOffset < info.span.start) before = connectives[ci++];
      if (terms.length && before) info.connective = before;
      else if (terms.length && !info.damaged) {
        const prev = terms[terms.length - 1] as TermInfo;
        if (!prev.damaged) {
          const at = info.span.start;
          this.diagnostics.push(
            diagnostic('syntax/missing-and', {}, {
              span: { start: at, end: at },
              fixes: [{ title: 'Insert `and`', edits: [{ span: { start: at, end: at }, newText: 'and ' }] }],
            }),
          );
        }
      }
      terms.push(info);
    }
    return terms;
  }

  private term(node: TermCstNode): TermInfo | undefined {
    const not = firstReal(node.children.Not);
    const groupNode = node.children.group?.[0];
    if (groupNode) {
      const l = groupNode.children.LParen[0];
      const r = groupNode.children.RParen?.[0];
      const inner = groupNode.children.conjunction?.[0];
      const terms = inner ? this.conjunction(inner) : [];
      if (!isRealToken(l)) return undefined;
      const end = isRealToken(r) ? tokenSpan(r).end : (terms[terms.length - 1]?.span.end ?? tokenSpan(l).end);
      const group: TermInfo['group'] = isRealToken(r) ? { lparen: l, rparen: r, terms } : { lparen: l, terms };
      const info: TermInfo = { span: { start: not ? not.startOffset : l.startOffset, end }, group, damaged: !!groupNode.recoveredNode || !isRealToken(r) };
      if (not) info.not = not;
      return info;
    }
    const c = node.children.clause?.[0];
    if (!c) return undefined;
    const info = this.clause(c);
    if (info && not) {
      info.not = not;
      info.span = { start: not.startOffset, end: info.span.end };
    }
    return info;
  }

  /** Visits a clause; the clause joins the query when all its parts were read. */
  private clause(node: ClauseCstNode): TermInfo | undefined {
    const ch = node.children;
    const fieldNode = ch.field[0];
    const field = fieldNode ? this.field(fieldNode) : undefined;
    if (!field) return undefined;
    let operator: Operator | undefined;
    let opSpan: Span | undefined;
    let value: ValueInfo | undefined;
    const is = firstReal(ch.Is);
    const opTok = is ? undefined : firstReal(ch.OperatorTok);
    if (is) {
      const pa = firstReal(ch.Present) ?? firstReal(ch.Absent);
      if (pa) {
        operator = 'present?';
        opSpan = tokenSpan(is);
        value = { value: pa.tokenType.name === 'Present', span: tokenSpan(pa), ok: true };
      }
    } else if (opTok) {
      opSpan = tokenSpan(opTok);
      operator = operatorOfToken(opTok.tokenType.name);
      if (!operator) this.diagnostics.push(diagnostic('syntax/no-not-equal', {}, { span: opSpan }));
      const v = ch.value?.[0];
      if (v) value = this.value(v);
    }
    let end = value ? value.span.end : opSpan ? opSpan.end : field.span.end;
    const nots = ch.Not ? ch.Not.filter(isRealToken) : undefined;
    if (nots) for (const t of nots) end = Math.max(end, tokenSpan(t).end);
    const span = { start: field.span.start, end };
    const info: TermInfo = { span, damaged: !!node.recoveredNode || !operator || !value || !value.ok };
    if (nots) info.clauseNots = nots;
    if (!operator || !value || !opSpan || !value.ok) return info;
    const spans: ClauseSpans = value.items
      ? { clause: span, operator: opSpan, field: field.span, value: value.span, items: value.items }
      : { clause: span, operator: opSpan, field: field.span, value: value.span };
    info.clause = clause(operator, field.name, value.value, { spans });
    info.index = this.clauses.length;
    this.clauses.push(info.clause);
    return info;
  }

  private field(node: FieldCstNode): { name: string; span: Span } | undefined {
    const id = node.children.Identifier?.[0];
    if (isRealToken(id)) return { name: id.image, span: tokenSpan(id) };
    const q = node.children.QuotedField?.[0];
    if (!isRealToken(q)) return undefined;
    const d = decodeQuotedField(q.image, q.startOffset);
    this.literal(d.problems);
    return { name: d.value, span: tokenSpan(q) };
  }

  private value(node: ValueCstNode): ValueInfo | undefined {
    const ch = node.children;
    const tok = ch.StringLit?.[0] ?? ch.NumberLit?.[0] ?? ch.True?.[0] ?? ch.False?.[0] ?? ch.Null?.[0] ?? ch.Identifier?.[0];
    if (tok) {
      if (!isRealToken(tok)) return undefined;
      const span = tokenSpan(tok);
      switch (tok.tokenType.name) {
        case 'StringLit': {
          const d = decodeString(tok.image, tok.startOffset);
          this.literal(d.problems);
          return { value: d.value, span, ok: true };
        }
        case 'NumberLit': {
          const d = decodeNumber(tok.image, tok.startOffset);
          this.literal(d.problems);
          return d.value === undefined ? { value: null, span, ok: false } : { value: d.value, span, ok: true };
        }
        case 'True':
          return { value: true, span, ok: true };
        case 'False':
          return { value: false, span, ok: true };
        case 'Null':
          return { value: null, span, ok: true };
        default: {
          // An unquoted word: report it, and keep the string the writer almost certainly meant.
          const fix = { title: `Quote ${JSON.stringify(tok.image)}`, edits: [{ span, newText: JSON.stringify(tok.image) }] };
          this.diagnostics.push(diagnostic('syntax/unquoted-string', { text: tok.image }, { span, fixes: [fix] }));
          return { value: tok.image, span, ok: true };
        }
      }
    }
    const arr = ch.array?.[0];
    if (arr) return this.array(arr);
    const obj = ch.object?.[0];
    if (obj) return this.object(obj);
    return undefined;
  }

  private array(node: ArrayCstNode): ValueInfo | undefined {
    const l = node.children.LBracket[0];
    const r = node.children.RBracket?.[0];
    if (!isRealToken(l)) return undefined;
    const values: JsonValue[] = [];
    const items: Span[] = [];
    let ok = !node.recoveredNode && isRealToken(r);
    let end = tokenSpan(l).end;
    for (const v of node.children.value ?? []) {
      const info = this.value(v);
      if (!info) {
        ok = false;
        continue;
      }
      ok &&= info.ok;
      values.push(info.value);
      items.push(info.span);
      end = info.span.end;
    }
    if (isRealToken(r)) end = tokenSpan(r).end;
    return { value: values, span: { start: l.startOffset, end }, ok, items };
  }

  private object(node: ObjectCstNode): ValueInfo | undefined {
    const l = node.children.LBrace[0];
    const r = node.children.RBrace?.[0];
    if (!isRealToken(l)) return undefined;
    const out: Record<string, JsonValue> = {};
    let ok = !node.recoveredNode && isRealToken(r);
    let end = tokenSpan(l).end;
    for (const m of node.children.member ?? []) {
      const member = this.member(m);
      if (!member) {
        ok = false;
        continue;
      }
      ok &&= member.ok;
      // defineProperty: a key `__proto__` is an ordinary own key, as with JSON.parse.
      Object.defineProperty(out, member.key, { value: member.value, enumerable: true, writable: true, configurable: true });
      end = member.end;
    }
    if (isRealToken(r)) end = tokenSpan(r).end;
    return { value: out, span: { start: l.startOffset, end }, ok };
  }

  private member(node: MemberCstNode): { key: string; value: JsonValue; ok: boolean; end: number } | undefined {
    const k = node.children.StringLit?.[0];
    const v = node.children.value?.[0];
    if (!isRealToken(k)) return undefined;
    const key = decodeString(k.image, k.startOffset);
    this.literal(key.problems);
    const value = v ? this.value(v) : undefined;
    if (!value) return undefined;
    return { key: key.value, value: value.value, ok: value.ok && !node.recoveredNode, end: value.span.end };
  }
}
