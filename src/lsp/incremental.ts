/**
 * Incremental lint. A document is a run of clauses (joined by `and` in infix text, the elements
 * of the JSON array in wire text); an edit changes one or two of them. The clauses' texts are
 * the cache keys:
 *
 * - each clause text is parsed once (then only its position changes);
 * - the validation is split by attribute: a clause's own errors depend on that clause alone, and
 *   the relation warnings (duplicate, implied, never true) only on the clauses of the same
 *   attribute, so each group of clauses on one attribute is validated once per distinct
 *   content, in its own coordinates, and its diagnostics are moved to where the clauses stand now.
 *
 * The result is exactly `lint(text, catalog)` (the property tests compare them on generated
 * documents and edits). Whatever the splitter is not sure of (parentheses, `or`, `not`, a syntax
 * error, percent-encoded wire text, an empty document) goes to `lint` itself.
 */
import { query, type Clause, type ClauseSpans, type Query, type Span } from '../ast/index.js';
import { resolveField, type Catalog } from '../catalog/index.js';
import { checkClause, type CheckedClause } from '../check/check-clause.js';
import { checkContext } from '../check/context.js';
import { checkRelations } from '../check/relations.js';
import { fixEdits, wirePrinter } from '../check/index.js';
import type { Diagnostic, QueryChange, RelatedInformation } from '../diagnostics/index.js';
import { detectSyntax, lint, parse, type LintResult } from '../syntax/index.js';
import { forEdits, withInfixEdits } from '../syntax/lint.js';
import { decode, DEFAULT_LIMITS } from '../wire/index.js';

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

/** The validation of one group, in its own coordinates, in the two phases of `validate`. */
interface GroupCheck {
  /** Each clause's own diagnostics, in clause order. */
  readonly own: readonly Diagnostic[];
  /** The relation warnings between the group's clauses. */
  readonly relations: readonly Diagnostic[];
  /** The group index of the first clause without errors (the order of relation groups), or -1. */
  readonly firstValid: number;
}

/** How one syntax is split into clauses and read back. */
interface Dialect {
  readonly syntax: 'infix' | 'wire';
  /** The clause texts and the span of the whole query, or undefined when unsure. */
  split(text: string): { segments: Segment[]; span: Span } | undefined;
  /** The one clause of a clause text (spans relative to it), or undefined when it is not exactly one clean clause. */
  readOne(text: string): Clause | undefined;
}

const INFIX: Dialect = {
  syntax: 'infix',
  split(text) {
    const segments = splitClauses(text);
    return segments ? { segments, span: { start: 0, end: text.length } } : undefined;
  },
  readOne(t) {
    const r = parse(t);
    const only = r.query?.clauses[0];
    return only && r.query?.clauses.length === 1 && r.diagnostics.length === 0 ? only : undefined;
  },
};

const WIRE: Dialect = {
  syntax: 'wire',
  split(text) {
    if (text.length > DEFAULT_LIMITS.maxLength) return undefined;
    const r = splitElements(text);
    return r && r.segments.length <= DEFAULT_LIMITS.maxClauses ? r : undefined;
  },
  readOne(t) {
    const r = decode(`[${t}]`);
    const only = r.query?.clauses[0];
    return only && r.query?.clauses.length === 1 && r.diagnostics.length === 0 ? shiftClause(only, -1) : undefined;
  },
};

/** Lints successive versions of documents, reusing what did not change. */
export class IncrementalLinter {
  private parsed = new Map<string, ParsedClause>();
  private groups = new Map<string, GroupCheck>();
  private catalog: Catalog | undefined;
  /** How the last call went: `incremental`, or `full` (handed to lint). */
  lastMode: 'incremental' | 'full' = 'full';

  /** The same as `lint(text, catalog)`. */
  lint(text: string, catalog: Catalog): LintResult {
    if (catalog !== this.catalog) {
      this.catalog = catalog;
      this.groups = new Map();
    }
    const dialect = detectSyntax(text) === 'infix' ? INFIX : /^[ \t\r\n]*\[/.test(text) ? WIRE : undefined;
    const r = dialect ? this.tryIncremental(dialect, text, catalog) : undefined;
    this.lastMode = r ? 'incremental' : 'full';
    return r ?? lint(text, catalog);
  }

  private tryIncremental(dialect: Dialect, text: string, catalog: Catalog): LintResult | undefined {
    const split = dialect.split(text);
    if (!split || split.segments.length === 0) return undefined;
    const { segments } = split;
    // One cache per syntax: the same text reads differently in each.
    const prefix = dialect.syntax === 'wire' ? '\u0001' : '';
    const parsed = new Map<string, ParsedClause>();
    const clauses: ParsedClause[] = [];
    for (const s of segments) {
      const t = prefix + text.slice(s.start, s.end);
      let p = parsed.get(t) ?? this.parsed.get(t);
      if (!p) {
        const only = dialect.readOne(t.slice(prefix.length));
        if (!only) return undefined;
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

    const groups = new Map<string, GroupCheck>();
    const own: { d: Diagnostic; clause: number }[] = [];
    const related: { d: Diagnostic[]; first: number }[] = [];
    let withFixes = false;
    for (const members of byKey.values()) {
      const texts = members.map((i) => text.slice((segments[i] as Segment).start, (segments[i] as Segment).end));
      const key = prefix + texts.join('\u0000');
      let local = groups.get(key) ?? this.groups.get(key);
      if (!local) local = checkGroup(members.map((i) => (clauses[i] as ParsedClause).clause), texts, catalog, dialect.syntax);
      groups.set(key, local);
      const place = new GroupPlacement(texts, members.map((i) => (segments[i] as Segment).start), members);
      for (const d of local.own) {
        const moved = place.diagnostic(d);
        if (moved.fixes?.length) withFixes = true;
        own.push({ d: moved, clause: place.clauseOf(d) });
      }
      if (local.relations.length) {
        const moved = local.relations.map((d) => place.diagnostic(d));
        if (moved.some((d) => d.fixes?.length)) withFixes = true;
        related.push({ d: moved, first: place.index(local.firstValid) });
      }
    }
    this.groups = groups;

    // validate's order: every clause's own diagnostics in clause order, then the relation
    // warnings group by group, in the order of each group's first clause without errors.
    own.sort((x, y) => x.clause - y.clause);
    related.sort((x, y) => x.first - y.first);
    let out = [...own.map((x) => x.d), ...related.flatMap((x) => x.d)];

    // The whole query, in document positions: for the fixes' edits (which may reach into the
    // neighbouring clause) and as the result. Clauses are rebuilt only where they moved.
    const full = query(
      clauses.map((p, i) => placed(p, (segments[i] as Segment).start)),
      { span: split.span, syntax: dialect.syntax },
    );
    if (withFixes) {
      const editable = dialect.syntax === 'infix' ? forEdits(full, text) : full;
      out = out.map((d) => (d.fixes?.length ? withEdits(dialect, d, editable) : d));
    }
    // lint sorts infix diagnostics by place; wire ones stay in validate's order.
    if (dialect.syntax === 'infix') out.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
    return out.some((d) => d.severity === 'error') ? { diagnostics: out, syntax: dialect.syntax } : { query: full, diagnostics: out, syntax: dialect.syntax };
  }
}

/** The fixes' text edits, written against the whole document (`full`, as the edit writer sees it) in its syntax. */
function withEdits(dialect: Dialect, d: Diagnostic, full: Query): Diagnostic {
  if (dialect.syntax === 'infix') return withInfixEdits(d, full);
  return { ...d, fixes: (d.fixes ?? []).map((f) => (f.change ? { ...f, edits: fixEdits(full, f.change, wirePrinter) } : { ...f, edits: [] })) };
}

/**
 * Validates the clauses of one group placed one after another (a blank between them), the
 * group's own coordinates, in validate's two phases (each clause alone, then the relations).
 * Fixes keep their structural change (the edits are written later, against the whole document).
 */
function checkGroup(clauses: readonly Clause[], texts: readonly string[], catalog: Catalog, syntax: 'infix' | 'wire'): GroupCheck {
  let base = 0;
  const placedClauses = clauses.map((c, k) => {
    const shifted = shiftClause(c, base);
    base += (texts[k] as string).length + 1;
    return shifted;
  });
  // The syntax decides how fix titles are written. (Wire edits written here are in group
  // coordinates; every fix's edits are written again against the whole document.)
  const ctx = checkContext(query(placedClauses, { syntax }), catalog);
  const valid: CheckedClause[] = [];
  placedClauses.forEach((c, i) => {
    const checked = checkClause(ctx, i, c);
    if (checked) valid.push(checked);
  });
  const ownCount = ctx.out.length;
  checkRelations(ctx, valid);
  return { own: ctx.out.slice(0, ownCount), relations: ctx.out.slice(ownCount), firstValid: valid[0]?.index ?? -1 };
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

const isJsonBlank = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The element texts of a JSON array (the clauses of a wire query), trimmed, and the span of the
 * array. Undefined when the text is not one array with non-empty elements and only blanks
 * after it, or holds an unterminated string or a control character in one: `lint` says what.
 */
export function splitElements(text: string): { segments: Segment[]; span: Span } | undefined {
  const n = text.length;
  let i = 0;
  while (i < n && isJsonBlank(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 91 /* [ */) return undefined;
  const open = i++;
  const segments: Segment[] = [];
  let start = -1;
  let end = -1;
  let depth = 0;
  let close = -1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isJsonBlank(c)) {
      i++;
      continue;
    }
    if (depth === 0 && (c === 44 /* , */ || c === 93) /* ] */) {
      if (start < 0) {
        if (c === 93 && segments.length === 0) {
          close = i + 1;
          break;
        }
        return undefined;
      }
      segments.push({ start, end });
      start = -1;
      i++;
      if (c === 93) {
        close = i;
        break;
      }
      continue;
    }
    if (start < 0) start = i;
    if (c === 34 /* " */) {
      let j = i + 1;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === 92 /* \ */) j++;
        else if (d === 34) break;
        else if (d < 32) return undefined;
      }
      if (j >= n) return undefined;
      i = j + 1;
    } else {
      if (c === 91 || c === 123) depth++;
      else if ((c === 93 || c === 125) && --depth < 0) return undefined;
      i++;
    }
    end = i;
  }
  if (close < 0) return undefined;
  for (let k = close; k < n; k++) if (!isJsonBlank(text.charCodeAt(k))) return undefined;
  return { segments, span: { start: open, end: close } };
}
