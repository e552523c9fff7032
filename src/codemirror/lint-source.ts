/**
 * The linter: catq's `lint` on the whole document, its diagnostics as CodeMirror diagnostics
 * (the same range, message and severity) and its quick fixes as actions.
 */
import type { EditorState, Text, TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { Action, Diagnostic as CmDiagnostic } from '@codemirror/lint';
import type { Catalog } from '../catalog/index.js';
import { argumentError, type Diagnostic, type Fix } from '../diagnostics/index.js';
import { lint, type LintResult } from '../editor/index.js';

/** Called after every lint run with the result and the text it was computed on. */
export type LintListener = (result: LintResult, text: string) => void;

/**
 * The CodeMirror diagnostics of `text`. A diagnostic without a span (a bad catalog argument)
 * covers the whole document. Related places are added to the message as `(at line:column)`.
 */
export function toCmDiagnostics(result: LintResult, doc: Text, catalog: Catalog): CmDiagnostic[] {
  try {
    const length = doc.length;
    return result.diagnostics.map((d): CmDiagnostic => {
      const from = clamp(d.span?.start ?? 0, length);
      const to = clamp(d.span?.end ?? length, length);
      const out: CmDiagnostic = { from, to: Math.max(from, to), severity: d.severity, message: messageOf(d, doc), source: d.code };
      if (d.fixes?.length) out.actions = d.fixes.filter((f) => f.edits.length > 0).map((f) => fixAction(f, d, doc, catalog));
      return out;
    });
  } catch (e) {
    throw argumentError('toCmDiagnostics', e);
  }
}

function clamp(offset: number, length: number): number {
  return Math.max(0, Math.min(offset, length));
}

function messageOf(d: Diagnostic, doc: Text): string {
  const related = (d.related ?? []).map((r) => {
    if (!r.span) return r.message;
    const line = doc.lineAt(clamp(r.span.start, doc.length));
    return `${r.message} (at ${line.number}:${clamp(r.span.start, doc.length) - line.from + 1})`;
  });
  return related.length ? `${d.message}\n${related.join('\n')}` : d.message;
}

/** A quick fix as an action: {@link fixTransaction} dispatched. */
function fixAction(fix: Fix, d: Diagnostic, linted: Text, catalog: Catalog): Action {
  return {
    name: fix.title,
    apply(view: EditorView, from: number): void {
      const spec = fixTransaction(view.state, { fix, diagnostic: d, linted, from }, catalog);
      if (spec) view.dispatch(spec);
    },
  };
}

/** A quick fix offered on a document, and where its diagnostic is now. */
export interface FixTarget {
  readonly fix: Fix;
  readonly diagnostic: Diagnostic;
  /** The document the fix was computed on. */
  readonly linted: Text;
  /** The diagnostic's start in the current document (CodeMirror maps it through edits). */
  readonly from: number;
}

/**
 * The transaction that applies a quick fix to `state`. The fix's edits are offsets in the text
 * that was linted; if the document changed since (the linter runs after a pause in typing), the
 * fix is looked up again in a fresh lint of the current text (same code and title, at the
 * diagnostic's mapped position). Undefined when it is gone.
 */
export function fixTransaction(state: EditorState, target: FixTarget, catalog: Catalog): TransactionSpec | undefined {
  try {
    const doc = state.doc;
    const fix = doc.eq(target.linted) ? target.fix : refind(doc.toString(), target, catalog);
    if (!fix) return undefined;
    return {
      changes: fix.edits.map((e) => ({ from: clamp(e.span.start, doc.length), to: clamp(e.span.end, doc.length), insert: e.newText })),
      userEvent: 'catq.fix',
      scrollIntoView: true,
    };
  } catch (e) {
    throw argumentError('fixTransaction', e);
  }
}

function refind(text: string, { diagnostic, fix, from }: FixTarget, catalog: Catalog): Fix | undefined {
  for (const again of lint(text, catalog).diagnostics) {
    if (again.code !== diagnostic.code || (again.span?.start ?? 0) !== from) continue;
    const found = again.fixes?.find((f) => f.title === fix.title);
    if (found) return found;
  }
  return undefined;
}

/** Lints the document of `state`: the library's result and the CodeMirror diagnostics. */
export function lintState(state: EditorState, catalog: Catalog): { result: LintResult; diagnostics: CmDiagnostic[] } {
  try {
    const result = lint(state.doc.toString(), catalog);
    return { result, diagnostics: toCmDiagnostics(result, state.doc, catalog) };
  } catch (e) {
    throw argumentError('lintState', e);
  }
}

/** The lint source for `@codemirror/lint`'s `linter`; `onLint` sees every result. */
export function lintSource(catalog: Catalog, onLint?: LintListener): (view: EditorView) => CmDiagnostic[] {
  return (view) => {
    const { result, diagnostics } = lintState(view.state, catalog);
    onLint?.(result, view.state.doc.toString());
    return diagnostics;
  };
}
