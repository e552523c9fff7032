/**
 * Re-checks one document as it is edited: infix text against a catalog through the
 * {@link IncrementalLinter} (only the clauses that changed are parsed, only the attributes they
 * touch are validated again); wire text, and any text without a catalog, checked whole.
 */
import type { Catalog } from '../catalog/index.js';
import { detectSyntax } from '../syntax/index.js';
import { checkText, type TextCheck } from './check-text.js';
import { IncrementalLinter } from './incremental.js';

/** Checks successive versions of one document's text. */
export class DocumentChecker {
  private readonly linter = new IncrementalLinter();

  /** The diagnostics of `text` against `catalog` (syntax only without a catalog). */
  check(text: string, catalog: Catalog | undefined): TextCheck {
    if (catalog && detectSyntax(text) === 'infix') {
      const r = this.linter.lint(text, catalog);
      return { diagnostics: r.diagnostics, syntax: 'infix' };
    }
    return checkText(text, catalog);
  }
}
