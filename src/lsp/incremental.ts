/**
 * Incremental lint of infix documents. A document is a run of clauses joined by `and`; an edit
 * changes one or two of them. The clauses' texts are the cache keys:
 *
 * - each clause text is parsed once (then only its position changes);
 * - the validation is split by attribute: a clause's own errors depend on that clause alone, and
 *   the relation warnings (duplicate, implied, never true) only on the clauses of the same
 *   attribute, so each group of clauses on one attribute is validated once per distinct
 *   content, in its own coordinates, and its diagnostics are moved to where the clauses stand now.
 *
 * The result is exactly `lint(text, catalog)` (the property tests compare them on generated
 * documents and edits). Whatever the splitter is not sure of (parentheses, `or`, `not`, a syntax
 * error, an empty document) goes to `lint` itself.
 */
import { query, type Clause, type ClauseSpans, type Span } from '../ast/index.js';
import { resolveField, type Catalog } from '../catalog/index.js';
import { validate } from '../check/index.js';
import type { Diagnostic, QueryChange, RelatedInformation } from '../diagnostics/index.js';
import { lint, parse, type LintResult } from '../syntax/index.js';
import { forEdits, withInfixEdits } from '../syntax/lint.js';

/** The parse of one clause text, spans relative to that text. */
interface ParsedClause {
  readonly clause: Clause;
  /** The raw key of the attribute (relation group); undefined when the field does not resolve. */
  rawKey?: string | undefined;
  resolvedFor?: Catalog;
  /** The clause moved to where it last stood in the document (reused while it stays there). */
  placed?: Clause;
  placedAt?: number;
}

/** Where each clause text stands in the document. */
interface Segment {
  readonly start: number;
  readonly end: number;
}

/** Lints successive versions of infix documents, reusing what did not change. */
export class IncrementalLinter {
  private parsed = new Map<string, ParsedClause>();
  private groups = new Map<string, readonly Diagnostic[]>();
  private catalog: Catalog | undefined;
  /** How the last call went: `incremental`, or `full` (handed to lint). */
  lastMode: 'incremental' | 'full' = 'full';

  /** The same as `lint(text, catalog)`, for infix text. */
  lint(text: string, catalog: Catalog): LintResult {
    if (catalog !== this.catalog) {
      this.catalog = catalog;
      this.groups = new Map();
    }
    const r = this.tryIncremental(text, catalog);
    this.lastMode = r ? 'incremental' : 'full';
    return r ?? lint(text, catalog);
  }

  private tryIncremental(text: string, catalog: Catalog): LintResult | undefined {
    const segments = splitClauses(text);
    if (!segments || segments.length === 0) return undefined;
    const parsed = new Map<string, ParsedClause>();
    const clauses: ParsedClause[] = [];
    for (const s of segments) {
      const t = text.slice(s.start, s.end);
      let p = parsed.get(t) ?? this.parsed.get(t);
      if (!p) {
        const r = parse(t);
        const only = r.query?.clauses[0];
        if (!only || r.query?.clauses.length !== 1 || r.diagnostics.length) return undefined;
        p = { clause: only };
      }
      parsed.set(t, p);
      if (p.resolvedFor !== catalog) {
        const res = resolveField(catalog, p.clause.field);
        p.rawKey = res.ok ? res.rawKey : undefined;
        p.resolvedFor = catalog;
      }
      clauses.push(p);
    }
    this.parsed = parsed;

    // Clause indices by relation group (an unresolved field stands alone).
    const byKey = new Map<string, number[]>();
    clauses.forEach((p, i) => {
      const key = p.rawKey === undefined ? `\u0000${i}` : p.rawKey;
      const g = byKey.get(key);
      if (g) g.push(i);
      else byKey.set(key, [i]);
    });

    const groups = new Map<string, readonly Diagnostic[]>();
    const diagnostics: Diagnostic[] = [];
    let withFixes = false;
    for (const members of byKey.values()) {
      const texts = members.map((i) => text.slice((segments[i] as Segment).start, (segments[i] as Segment).end));
      const key = texts.join('\u0000');
      let local = groups.get(key) ?? this.groups.get(key);
      if (!local) local = validateGroup(members.map((i) => (clauses[i] as ParsedClause).clause), texts, catalog);
      groups.set(key, local);
      const place = new GroupPlacement(texts, members.map((i) => (segments[i] as Segment).start), members);
      for (const d of local) {
        const moved = place.diagnostic(d);
        if (moved.fixes?.length) withFixes = true;
        diagnostics.push(moved);
      }
    }
    this.groups = groups;

    // The whole query, in document positions: for the fixes' edits (which may reach into the
    // neighbouring clause) and as the result. Clauses are rebuilt only where they moved.
    const full = query(
      clauses.map((p, i) => placed(p, (segments[i] as Segment).start)),
      { span: { start: 0, end: text.length }, syntax: 'infix' },
    );
    let out = diagnostics;
    if (withFixes) {
      const q = forEdits(full, text);
      out = diagnostics.map((d) => (d.fixes?.length ? withInfixEdits(d, q) : d));
    }
    out.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
    return out.some((d) => d.severity === 'error') ? { diagnostics: out, syntax: 'infix' } : { query: full, diagnostics: out, syntax: 'infix' };
  }
}

/**
 * Validates the clauses of one group placed one after another (a blank between them), the
 * group's own coordinates. Fixes keep their structural change (the edits are written later,
 * against the whole document).
 */
function validateGroup(clauses: readonly Clause[], texts: readonly string[], catalog: Catalog): readonly Diagnostic[] {
  let base = 0;
  const placed = clauses.map((c, k) => {
    const shifted = shiftClause(c, base);
    base += (texts[k] as string).length + 1;
    return shifted;
  });
  return validate(query(placed, { syntax: 'infix' }), catalog);
}

/** Moves diagnostics from a group's own coordinates and indices to the document's. */
class GroupPlacement {
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
  private member(offset: number): number {
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

/** The parsed clause at document offset `at` (kept from the last check when it has not moved). */
function placed(p: ParsedClause, at: number): Clause {
  if (p.placedAt !== at || !p.placed) {
    p.placed = shiftClause(p.clause, at);
    p.placedAt = at;
  }
  return p.placed;
}

/**
 * The clause with every span moved by `by`. The value is the parsed clause's (already frozen);
 * only the spans are new, so the copy is cheap.
 */
function shiftClause(c: Clause, by: number): Clause {
  const s = c.spans;
  if (!s || by === 0) return c;
  const spans: { -readonly [K in keyof ClauseSpans]: ClauseSpans[K] } = { clause: shiftSpan(s.clause, by), field: shiftSpan(s.field, by), value: shiftSpan(s.value, by) };
  if (s.operator) spans.operator = shiftSpan(s.operator, by);
  if (s.items) spans.items = Object.freeze(s.items.map((x) => shiftSpan(x, by)));
  return Object.freeze({ kind: 'clause', operator: c.operator, field: c.field, value: c.value, spans: Object.freeze(spans) });
}

const SPACE = /[\s\uFEFF]/;
/** The lexer's white space (`[\s\uFEFF]`), with a fast path for ASCII. */
const isSpace = (code: number): boolean => (code < 128 ? code === 32 || (code >= 9 && code <= 13) : SPACE.test(String.fromCharCode(code)));

/**
 * The clause texts of `clause and clause and ...`: the spans between top-level `and` keywords
 * (outside strings, back-quoted fields and lists), trimmed. Undefined when the text holds
 * something the split cannot be sure of (parentheses, an unterminated string, unbalanced
 * brackets, an empty clause): the caller then lints the whole text.
 */
export function splitClauses(text: string): Segment[] | undefined {
  const out: Segment[] = [];
  let start = -1;
  let end = -1;
  let depth = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (
      depth === 0 && c === 97 /* a */ && text.charCodeAt(i + 1) === 110 && text.charCodeAt(i + 2) === 100 &&
      (i === 0 || isSpace(text.charCodeAt(i - 1))) && (i + 3 === n || isSpace(text.charCodeAt(i + 3)))
    ) {
      if (start < 0) return undefined;
      out.push({ start, end });
      start = -1;
      i += 3;
      continue;
    }
    if (start < 0) start = i;
    if (c === 34 /* " */ || c === 39 /* ' */) {
      let j = i + 1;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === 92 /* \ */) j++;
        else if (d === c) break;
        else if (d === 10 || d === 13) return undefined;
      }
      if (j >= n) return undefined;
      i = j + 1;
    } else if (c === 96 /* ` */) {
      let j = i + 1;
      for (; j < n; j++) {
        if (text.charCodeAt(j) === 96) {
          if (text.charCodeAt(j + 1) === 96) j++;
          else break;
        }
      }
      if (j >= n) return undefined;
      i = j + 1;
    } else {
      if (c === 40 || c === 41 || c === 38 || c === 124) return undefined; // ( ) & |
      if (c === 91) depth++;
      else if (c === 93 && --depth < 0) return undefined;
      i++;
    }
    end = i;
  }
  if (depth !== 0) return undefined;
  if (start < 0) return out.length ? undefined : out;
  out.push({ start, end });
  return out;
}
