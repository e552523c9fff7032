/**
 * Autocompletion: the library's `complete` (the same code the language server answers with),
 * its proposals as CodeMirror completions.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import type { Catalog } from '../catalog/index.js';
import { complete, type CompleteOptions, type CompletionItem } from '../editor/index.js';
import { argumentError } from '../diagnostics/index.js';

/** CodeMirror's completion type (its icon) for each kind of proposal. */
const TYPES: Readonly<Record<CompletionItem['kind'], string>> = {
  field: 'property',
  operator: 'keyword',
  value: 'constant',
  keyword: 'keyword',
};

/**
 * One proposal as a CodeMirror completion; it is matched on the text it inserts. `index` is its
 * place in the library's list, kept as a boost (CodeMirror would otherwise sort equal scores by
 * label: `false` before `true`, alias paths among declared attributes).
 */
export function toCompletion(item: CompletionItem, index = 0): Completion {
  try {
    const c: Completion = { label: item.insertText, type: TYPES[item.kind], detail: item.detail, boost: -Math.min(index, 99) };
    if (item.label !== item.insertText) c.displayLabel = item.label;
    return c;
  } catch (e) {
    throw argumentError('toCompletion', e);
  }
}

/**
 * The completion source (`options`: a sample of items for value proposals). Proposals replace the word at the cursor (the whole word, when the
 * cursor is inside one). Where nothing was typed yet, the menu opens only on request
 * (Ctrl-Space) or right after a character that ends a token (a space, `[`, `,`), so that it
 * does not cover the text while a value is being written.
 */
export function completionSource(catalog: Catalog, options: CompleteOptions = {}): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const { state, pos, explicit } = context;
    let items: CompletionItem[];
    try {
      items = complete(state.doc.toString(), pos, catalog, options);
    } catch {
      return null; // a bad catalog or options: the linter reports the catalog
    }
    const first = items[0];
    if (!first) return null;
    const { start, end } = first.range;
    if (!explicit && start === end && !/[\s[,(]$/.test(state.sliceDoc(Math.max(0, pos - 1), pos))) return null;
    const result: CompletionResult = { from: start, options: items.map((item, i) => toCompletion(item, i)) };
    if (end > pos) {
      // The library already kept the proposals that start with the typed part; CodeMirror
      // would filter on the whole word, including what follows the cursor.
      result.to = end;
      result.filter = false;
    }
    return result;
  };
}
