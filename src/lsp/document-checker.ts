/**
 * Re-checks one document as it is edited.
 */
import type { Catalog } from '../catalog/index.js';
import { checkText, type TextCheck } from './check-text.js';

/** Checks successive versions of one document's text. */
export class DocumentChecker {
  /** The diagnostics of `text` against `catalog` (syntax only without a catalog). */
  check(text: string, catalog: Catalog | undefined): TextCheck {
    return checkText(text, catalog);
  }
}
