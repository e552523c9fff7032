/**
 * The check of one document's text: `lint` against the catalog, or, when the document has no
 * catalog, the syntax alone (parse or decode), so that a typo is still underlined.
 */
import type { Catalog } from '../catalog/index.js';
import { argumentError, type Diagnostic } from '../diagnostics/index.js';
import { lint, type LintOptions } from '../editor/index.js';
import { detectSyntax, parse, type DetectedSyntax } from '../syntax/index.js';
import { decode } from '../wire/index.js';
import { EDITOR_LINT_OPTIONS } from './editor-limits.js';

/** Every diagnostic of a text, with spans in that text. */
export interface TextCheck {
  readonly diagnostics: readonly Diagnostic[];
  readonly syntax: DetectedSyntax;
}

/** Lints `text` against `catalog`, or checks its syntax only when there is no catalog. */
export function checkText(text: string, catalog: Catalog | undefined, options: LintOptions = EDITOR_LINT_OPTIONS): TextCheck {
  try {
    if (catalog) {
      const r = lint(text, catalog, options);
      return { diagnostics: r.diagnostics, syntax: r.syntax };
    }
    if (detectSyntax(text) === 'infix') return { diagnostics: parse(text, options.limits).diagnostics, syntax: 'infix' };
    const d = decode(text, options.limits);
    const map = d.mapOffset ?? ((o: number) => o);
    const diagnostics = d.diagnostics.map((x) => (x.span ? { ...x, span: { start: map(x.span.start), end: map(x.span.end) } } : x));
    return { diagnostics, syntax: 'wire' };
  } catch (e) {
    throw argumentError('checkText', e);
  }
}
