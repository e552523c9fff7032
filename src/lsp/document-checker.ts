/**
 * Re-checks one document as it is edited: against a catalog through the
 * {@link IncrementalLinter} (only the clauses that changed are read again, only the attributes
 * they touch are validated again), infix and plain JSON wire text alike; without a catalog,
 * the syntax alone, checked whole.
 */
import type { Catalog } from '../catalog/index.js';
import type { LintOptions } from '../editor/index.js';
import { checkText, type TextCheck } from './check-text.js';
import { EDITOR_LINT_OPTIONS } from './editor-limits.js';
import { IncrementalLinter, lintLimits } from './incremental.js';

/** Checks successive versions of one document's text. */
export class DocumentChecker {
  private readonly linter: IncrementalLinter;

  /**
   * `options`: the limits to check with (default {@link EDITOR_LINT_OPTIONS}). A value that is not
   * such an object (or cannot be read) is a QueryError.
   */
  constructor(private readonly options: LintOptions = EDITOR_LINT_OPTIONS) {
    lintLimits('DocumentChecker', options);
    this.linter = new IncrementalLinter(options);
  }

  /** The diagnostics of `text` against `catalog` (syntax only without a catalog). */
  check(text: string, catalog: Catalog | undefined): TextCheck {
    if (catalog) {
      const r = this.linter.lint(text, catalog);
      return { diagnostics: r.diagnostics, syntax: r.syntax };
    }
    return checkText(text, catalog, this.options);
  }
}
