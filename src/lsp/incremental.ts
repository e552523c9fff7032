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
import { query, type Clause, type Query, type Span } from '../ast/index.js';
import { resolveField, type Catalog } from '../catalog/index.js';
import { checkClause, type CheckedClause } from '../check/check-clause.js';
import { checkContext } from '../check/context.js';
import { checkRelations } from '../check/relations.js';
import { checkLimits, fixEdits, resolveQueryLimits, wirePrinter, type QueryLimits } from '../check/index.js';
import { argumentError, capDiagnostics, throwBadArgument, type Diagnostic } from '../diagnostics/index.js';
import { lint, type LintOptions, type LintResult } from '../editor/index.js';
import { detectSyntax, parse } from '../syntax/index.js';
import { forEdits, withInfixEdits } from '../editor/lint.js';
import { decode } from '../wire/index.js';
import { GroupPlacement, shiftClause } from './group-placement.js';
import { splitClauses, splitElements, type Segment } from './split-clauses.js';

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
  /** The clause texts and the span of the whole query, or undefined when unsure (or beyond a limit). */
  split(text: string, limits: QueryLimits): { segments: Segment[]; span: Span } | undefined;
  /** The one clause of a clause text (spans relative to it), or undefined when it is not exactly one clean clause. */
  readOne(text: string, limits: QueryLimits): Clause | undefined;
}

const INFIX: Dialect = {
  syntax: 'infix',
  split(text, limits) {
    if (text.length > limits.maxInfixLength) return undefined;
    const segments = splitClauses(text);
    return segments ? { segments, span: { start: 0, end: text.length } } : undefined;
  },
  readOne(t, limits) {
    const r = parse(t, limits);
    const only = r.query?.clauses[0];
    return only && r.query?.clauses.length === 1 && r.diagnostics.length === 0 ? only : undefined;
  },
};

const WIRE: Dialect = {
  syntax: 'wire',
  split(text, limits) {
    if (text.length > limits.maxLength) return undefined;
    const r = splitElements(text);
    return r && r.segments.length <= limits.maxClauses ? r : undefined;
  },
  readOne(t, limits) {
    const r = decode(`[${t}]`, limits);
    const only = r.query?.clauses[0];
    return only && r.query?.clauses.length === 1 && r.diagnostics.length === 0 ? shiftClause(only, -1) : undefined;
  },
};

/** The limits of lint options given to `fn`; a QueryError for options it cannot use. */
export function lintLimits(fn: string, options: LintOptions): QueryLimits {
  if (options === null || typeof options !== 'object') throwBadArgument(fn, 'options', 'an object ({ limits? })', options, 'Pass {} or leave it out.');
  try {
    return resolveQueryLimits(options.limits);
  } catch (e) {
    throw argumentError(fn, e);
  }
}

/** Lints successive versions of documents, reusing what did not change. */
export class IncrementalLinter {
  private parsed = new Map<string, ParsedClause>();
  private groups = new Map<string, GroupCheck>();
  private catalog: Catalog | undefined;
  /** How the last call went: `incremental`, or `full` (handed to lint). */
  lastMode: 'incremental' | 'full' = 'full';
  private readonly limits: QueryLimits;

  /**
   * `options`: the limits of `lint` (docs/limits.md), applied exactly as `lint` applies them. A
   * value that is not such an object (or cannot be read) is a QueryError.
   */
  constructor(private readonly options: LintOptions = {}) {
    this.limits = lintLimits('IncrementalLinter', options);
  }

  /** The same as `lint(text, catalog, options)`. */
  lint(text: string, catalog: Catalog): LintResult {
    if (catalog !== this.catalog) {
      this.catalog = catalog;
      this.groups = new Map();
    }
    const dialect = detectSyntax(text) === 'infix' ? INFIX : /^[ \t\r\n]*\[/.test(text) ? WIRE : undefined;
    const r = dialect ? this.tryIncremental(dialect, text, catalog) : undefined;
    this.lastMode = r ? 'incremental' : 'full';
    return r ?? lint(text, catalog, this.options);
  }

  private tryIncremental(dialect: Dialect, text: string, catalog: Catalog): LintResult | undefined {
    const limits = this.limits;
    const split = dialect.split(text, limits);
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
        const only = dialect.readOne(t.slice(prefix.length), limits);
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

    // The whole query, in document positions: for the limits of text searches, for the fixes'
    // edits (which may reach into the neighbouring clause) and as the result. Clauses are
    // rebuilt only where they moved.
    const full = query(
      clauses.map((p, i) => placed(p, (segments[i] as Segment).start)),
      { span: split.span, syntax: dialect.syntax },
    );

    // validate's order: every clause's own diagnostics in clause order, then the relation
    // warnings group by group, in the order of each group's first clause without errors, then
    // the limits of the whole query; at most maxDiagnostics of them.
    own.sort((x, y) => x.clause - y.clause);
    related.sort((x, y) => x.first - y.first);
    let out = [...own.map((x) => x.d), ...related.flatMap((x) => x.d)];
    checkLimits(full, limits, out);
    out = capDiagnostics(out, limits.maxDiagnostics);
    if (withFixes) {
      const editable = dialect.syntax === 'infix' ? forEdits(full, text) : full;
      out = out.map((d) => (d.fixes?.length ? withEdits(dialect, d, editable) : d));
    }
    // lint sorts infix diagnostics by place; wire ones stay in validate's order.
    if (dialect.syntax === 'infix') out.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
    if (out.length > limits.maxDiagnostics) out = capDiagnostics(out, limits.maxDiagnostics);
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

/** The parsed clause at document offset `at` (kept from the last check when it has not moved). */
function placed(p: ParsedClause, at: number): Clause {
  if (p.placedAt !== at || !p.placed) {
    p.placed = shiftClause(p.clause, at);
    p.placedAt = at;
  }
  return p.placed;
}
