/**
 * A command that rewrites the document in its canonical form (the language server's formatting):
 * infix text through `format`, wire text as the canonical JSON array, or the canonical `q` when
 * the text was percent-encoded. Does nothing (returns false) while the query has errors.
 */
import type { StateCommand, TransactionSpec, EditorState } from '@codemirror/state';
import type { Catalog } from '../catalog/index.js';
import { lint } from '../editor/index.js';
import { format } from '../syntax/index.js';
import { decode, encode, toWire } from '../wire/index.js';
import { argumentError } from '../diagnostics/index.js';

/** The canonical text of the document, or undefined while it has errors. */
export function canonicalText(text: string, catalog: Catalog): string | undefined {
  const { query, syntax } = lint(text, catalog);
  if (!query) return undefined;
  if (syntax === 'infix') return format(query);
  return decode(text).text !== text ? encode(query) : JSON.stringify(toWire(query));
}

/** The transaction that formats `state`'s document, if it needs it. */
export function formatTransaction(state: EditorState, catalog: Catalog): TransactionSpec | undefined {
  try {
    const text = state.doc.toString();
    const canonical = canonicalText(text, catalog);
    if (canonical === undefined || canonical === text) return undefined;
    return { changes: { from: 0, to: text.length, insert: canonical }, userEvent: 'catq.format', scrollIntoView: true };
  } catch (e) {
    throw argumentError('formatTransaction', e);
  }
}

/** The format command for a key binding or a button: `keymap.of([{ key: 'Shift-Alt-f', run: formatQuery(catalog) }])`. */
export function formatQuery(catalog: Catalog): StateCommand {
  return ({ state, dispatch }) => {
    const spec = formatTransaction(state, catalog);
    if (!spec) return false;
    dispatch(state.update(spec));
    return true;
  };
}
