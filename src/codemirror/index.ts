/**
 * `catq/codemirror`: catq queries (infix, or the wire form) in CodeMirror 6. One extension, `catq({ catalog })`,
 * gives highlighting, a linter fed by `lint` (quick fixes as actions), autocompletion fed by
 * `complete` (the code the language server uses too) and hover tooltips.
 *
 * ```ts
 * import { EditorView, basicSetup } from 'codemirror';
 * import { catq } from 'catq/codemirror';
 * new EditorView({ parent, doc: 'brand = "Acme"', extensions: [basicSetup, catq({ catalog })] });
 * ```
 *
 * `@codemirror/*` and `@lezer/highlight` are peer dependencies, loaded by this entry only.
 * @module
 */
import { autocompletion } from '@codemirror/autocomplete';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { linter } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { EditorView, hoverTooltip } from '@codemirror/view';
import { catalogArgumentProblems, type Catalog } from '../catalog/index.js';
import { argumentError, badArgument, QueryError, type Diagnostic } from '../diagnostics/index.js';
import type { CompleteOptions } from '../editor/index.js';
import { completionSource } from './completion-source.js';
import { hoverSource } from './hover.js';
import { catqLanguage } from './language.js';
import { lintSource, type LintListener } from './lint-source.js';

export { catqLanguage, catqHighlighting } from './language.js';
export { completionSource, toCompletion } from './completion-source.js';
export { lintSource, lintState, toCmDiagnostics, fixTransaction, type FixTarget, type LintListener } from './lint-source.js';
export { hoverAt, hoverSource } from './hover.js';
export { canonicalText, formatTransaction, formatQuery } from './format-command.js';
/** The infix parser the extension uses: give it to `createClient({ parse })` to send infix `q` text. */
export { parse } from '../syntax/index.js';
// Which syntax a text is in, as the extension itself tells them apart (an app choosing parse or decode).
export { detectSyntax, type DetectedSyntax } from '../syntax/detect.js';
export { parseMarkdown, parseInline, markdownToDom, type Inline } from './markdown.js';

/** Spacing of the hover tooltip's paragraphs (the colours come from the editor's theme). */
const hoverTheme = EditorView.baseTheme({
  '.cm-catq-hover': { padding: '2px 8px', maxWidth: '36em' },
  '.cm-catq-hover p': { margin: '4px 0' },
});

/** Options of {@link catq}. */
export interface CatqOptions {
  /** The catalog queries are checked and completed against (from `loadCatalog`). */
  readonly catalog: Catalog;
  /**
   * A sample of raw items: completion proposes the values seen in it for fields whose catalog
   * `UIConfiguration` lists no `AllowedValues` (pass the same array each time: it is indexed once).
   */
  readonly items?: readonly unknown[];
  /** At most this many sample values per field (default 20). */
  readonly maxValues?: number;
  /** Milliseconds of quiet typing before the linter runs (default 150). */
  readonly lintDelay?: number;
  /** Called after each lint run with the result (for a list of diagnostics, a match count...). */
  readonly onLint?: LintListener;
  /** Turn off a service (each is on by default). */
  readonly lint?: boolean;
  readonly completion?: boolean;
  readonly hover?: boolean;
  /** Add CodeMirror's default highlight style as a fallback (default true). */
  readonly highlightStyle?: boolean;
}

function optionProblems(o: CatqOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  const check = (ok: boolean, name: string, expected: string, value: unknown): void => {
    if (!ok) out.push(badArgument('catq', `options.${name}`, expected, value, 'Leave it out for the default.'));
  };
  check(o.items === undefined || Array.isArray(o.items), 'items', 'an array of raw items', o.items);
  check(o.maxValues === undefined || (Number.isInteger(o.maxValues) && o.maxValues >= 0), 'maxValues', 'a whole number >= 0', o.maxValues);
  check(o.lintDelay === undefined || (Number.isFinite(o.lintDelay) && o.lintDelay >= 0), 'lintDelay', 'a number of milliseconds >= 0', o.lintDelay);
  check(o.onLint === undefined || typeof o.onLint === 'function', 'onLint', 'a function', o.onLint);
  for (const k of ['lint', 'completion', 'hover', 'highlightStyle'] as const) check(o[k] === undefined || typeof o[k] === 'boolean', k, 'true or false', o[k]);
  return out;
}

function completeOptions(o: CatqOptions): CompleteOptions {
  const out: { -readonly [K in keyof CompleteOptions]: CompleteOptions[K] } = {};
  if (o.items !== undefined) out.items = o.items;
  if (o.maxValues !== undefined) out.maxValues = o.maxValues;
  return out;
}

/**
 * The CodeMirror extension for catq queries. Throws a QueryError when `catalog` is not a valid
 * catalog (a programming error: load it with `loadCatalog` first) or an option has the wrong
 * type (`api/bad-argument`, one per option).
 */
export function catq(options: CatqOptions): Extension {
  try {
    const catalog = options?.catalog;
    const problems = catalogArgumentProblems('catq', catalog);
    if (problems.length) throw new QueryError(problems, 'catq() was called with a bad catalog');
    const bad = optionProblems(options);
    if (bad.length) throw new QueryError(bad, 'catq() was called with a bad option');
    const out: Extension[] = [catqLanguage];
    if (options.highlightStyle !== false) out.push(syntaxHighlighting(defaultHighlightStyle, { fallback: true }));
    if (options.completion !== false) out.push(catqLanguage.data.of({ autocomplete: completionSource(catalog, completeOptions(options)) }), autocompletion());
    if (options.lint !== false) out.push(linter(lintSource(catalog, options.onLint), { delay: options.lintDelay ?? 150 }));
    if (options.hover !== false) out.push(hoverTooltip(hoverSource(catalog)), hoverTheme);
    return out;
  } catch (e) {
    throw argumentError('catq', e);
  }
}
