/**
 * The language features as plain functions from a document's text to LSP data: completion,
 * hover, formatting, code actions, document symbols and semantic tokens. They only use the
 * library (complete, hover, format, ...) and LSP types, so they are tested without a connection;
 * server.ts wires them to the protocol.
 */
import type { CodeAction, CompletionItem, DocumentSymbol, Hover, Range, TextEdit } from 'vscode-languageserver';
import type { Query, Span } from '../ast/index.js';
import { resolveField, type Catalog } from '../catalog/index.js';
import { argumentError, LineIndex, lspPosition, type LspDiagnostic, type LspRange } from '../diagnostics/index.js';
import { complete, hover, semanticTokens, SEMANTIC_TOKEN_TYPES } from '../editor/index.js';
import { detectSyntax, format, formatClause, parse } from '../syntax/index.js';
import { decode, encode, toWire } from '../wire/index.js';
import { EDITOR_LINT_OPTIONS, EDITOR_MAX_LENGTH } from './editor-limits.js';

/** LSP `CompletionItemKind` of each kind of proposal. */
const COMPLETION_KIND = { field: 5, operator: 24, value: 12, keyword: 14 } as const;

/** UTF-16 offsets to LSP ranges, over one text. */
export class Positions {
  private readonly index: LineIndex;
  constructor(readonly text: string) {
    this.index = new LineIndex(text);
  }
  range(s: Span): Range {
    return { start: lspPosition(this.index, s.start), end: lspPosition(this.index, s.end) };
  }
}

/**
 * Completion items at `offset`, with the sample of items when there is one. A blank wire
 * document (`wire`: the file is a `.catq.json`) gets the first clause with its opening `[`:
 * its text alone cannot tell it from an infix one.
 */
export function completionItems(text: string, offset: number, catalog: Catalog, items: readonly unknown[] | undefined, wire = false): CompletionItem[] {
  try {
    const at = new Positions(text);
    // The user's own document: completed up to the length the editor lints (EDITOR_LINT_OPTIONS).
    const options = items ? { items, maxLength: EDITOR_MAX_LENGTH } : { maxLength: EDITOR_MAX_LENGTH };
    const proposals =
      wire && text.trim() === ''
        ? complete('[', 1, catalog, options).map((c) => ({ ...c, insertText: '[' + c.insertText, range: { start: offset, end: offset } }))
        : complete(text, offset, catalog, options);
    return proposals.map((c, i) => ({
      label: c.label,
      kind: COMPLETION_KIND[c.kind],
      detail: c.detail,
      // Wire proposals are JSON strings: the client filters the typed `"br` against this.
      filterText: c.insertText,
      sortText: String(i).padStart(5, '0'),
      textEdit: { range: at.range(c.range), newText: c.insertText },
    }));
  } catch (e) {
    throw argumentError('completionItems', e);
  }
}

/** The hover at `offset`, in Markdown; none in a document longer than the server reads. */
export function hoverAt(text: string, offset: number, catalog: Catalog): Hover | null {
  try {
    const h = hover(text, offset, catalog, { maxLength: EDITOR_MAX_LENGTH });
    return h ? { contents: { kind: 'markdown', value: h.contents }, range: new Positions(text).range(h.range) } : null;
  } catch (e) {
    throw argumentError('hoverAt', e);
  }
}

/**
 * The whole document in its canonical form: `format` for infix text; for wire text the JSON
 * array (plain JSON text) or the canonical `q` encoding (percent-encoded text). No edit when
 * the text has a syntax error (there is no query to print) or is canonical already. A final
 * line break is kept.
 */
export function formatDocument(text: string): TextEdit[] {
  const q = readQuery(text);
  if (!q) return [];
  const printed = detectSyntax(text) === 'infix' ? format(q.query) : /^\s*\[/.test(text) ? JSON.stringify(toWire(q.query)) : encode(q.query);
  const newText = printed + (/\r?\n$/.test(text) ? (text.endsWith('\r\n') ? '\r\n' : '\n') : '');
  if (newText === text) return [];
  return [{ range: new Positions(text).range({ start: 0, end: text.length }), newText }];
}

/**
 * One quick-fix code action per fix of every diagnostic whose range meets `range`. The
 * diagnostics are the server's own for the current version (their `data.fixes` hold ready edits).
 */
export function codeActions(uri: string, diagnostics: readonly LspDiagnostic[], range: Range): CodeAction[] {
  try {
    const out: CodeAction[] = [];
    for (const d of diagnostics) {
      if (!meets(d.range, range)) continue;
      const fixes = d.data?.fixes ?? [];
      for (const f of fixes) {
        out.push({
          title: f.title,
          kind: 'quickfix',
          diagnostics: [d as never],
          isPreferred: fixes.length === 1,
          edit: { changes: { [uri]: f.edits.map((e) => ({ range: e.range, newText: e.newText })) } },
        });
      }
    }
    return out;
  } catch (e) {
    throw argumentError('codeActions', e);
  }
}

/** One symbol per clause: its canonical infix text, the attribute type, the field as selection. */
export function documentSymbols(text: string, catalog: Catalog | undefined): DocumentSymbol[] {
  try {
    const q = readQuery(text, true);
    if (!q) return [];
    const at = new Positions(text);
    const symbols: DocumentSymbol[] = [];
    for (const c of q.query.clauses) {
      const s = c.spans;
      if (!s) continue;
      const range = at.range(mapSpan(s.clause, q.map));
      const selection = at.range(mapSpan(s.field, q.map));
      const r = catalog ? resolveField(catalog, c.field) : undefined;
      symbols.push({
        name: formatClause(c),
        ...(r?.ok ? { detail: `${r.attribute.Type}, ${r.attribute.Cardinality}` } : {}),
        kind: 8, // Field
        range,
        selectionRange: inside(selection, range) ? selection : range,
      });
    }
    return symbols;
  } catch (e) {
    throw argumentError('documentSymbols', e);
  }
}

/** The query of a text (the clauses read despite errors when `partial`), with the span map of wire text. */
function readQuery(text: string, partial = false): { query: Query; map: (o: number) => number } | undefined {
  if (detectSyntax(text) === 'infix') {
    const p = parse(text, EDITOR_LINT_OPTIONS.limits);
    const query = p.query ?? (partial ? p.partial : undefined);
    return query ? { query, map: (o) => o } : undefined;
  }
  const d = decode(text, EDITOR_LINT_OPTIONS.limits);
  return d.query ? { query: d.query, map: d.mapOffset ?? ((o) => o) } : undefined;
}

function mapSpan(s: Span, map: (o: number) => number): Span {
  return { start: map(s.start), end: map(s.end) };
}

function before(a: LspRange['start'], b: LspRange['start']): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

/** Whether two ranges touch (an empty range at a diagnostic's edge counts). */
function meets(a: LspRange, b: LspRange): boolean {
  return before(a.start, b.end) && before(b.start, a.end);
}

function inside(inner: Range, outer: Range): boolean {
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

/** The legend of {@link semanticTokensData}: the token types by index, no modifiers. */
export const SEMANTIC_TOKENS_LEGEND = Object.freeze({ tokenTypes: [...SEMANTIC_TOKEN_TYPES], tokenModifiers: [] as string[] });

const isLineBreak = (c: number): boolean => c === 10 || c === 13;

/**
 * The semantic tokens of a document as the protocol encodes them: five integers per token (line
 * delta, start delta, length in UTF-16 code units, type index in {@link SEMANTIC_TOKENS_LEGEND},
 * no modifiers). A word across lines (a back-quoted field may hold a line break) is one token
 * per line, since clients need not support tokens that span lines.
 */
export function semanticTokensData(text: string): number[] {
  const index = new LineIndex(text);
  const data: number[] = [];
  let line = 0;
  let char = 0;
  for (const t of semanticTokens(text, { maxLength: EDITOR_MAX_LENGTH })) {
    const type = SEMANTIC_TOKEN_TYPES.indexOf(t.type);
    let a = t.start;
    while (a < t.end) {
      let b = a;
      while (b < t.end && !isLineBreak(text.charCodeAt(b))) b++;
      if (b > a) {
        const p = index.at(a);
        const l = p.line - 1;
        const c = p.column - 1;
        data.push(l - line, l === line ? c - char : c, b - a, type, 0);
        line = l;
        char = c;
      }
      a = b;
      while (a < t.end && isLineBreak(text.charCodeAt(a))) a++;
    }
  }
  return data;
}
