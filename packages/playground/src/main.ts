/**
 * The playground page: a CodeMirror editor with `catq/codemirror`, and around it the diagnostics,
 * the query in every form, the matching sample items and the explanation of one item. Every
 * panel is redrawn from the editor's lint result (one `lint` per pause in typing).
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { lintKeymap } from '@codemirror/lint';
import { EditorView, keymap } from '@codemirror/view';
import type { Catalog, Diagnostic, LintResult, Query } from 'catq';
import { catq, formatQuery } from 'catq/codemirror';
import { renderAttributes } from './attributes.js';
import { diagnosticItems } from './diagnostics-list.js';
import { byId, h } from './dom.js';
import { queryForms } from './forms.js';
import { idText, matchingItems, renderExplanation, renderItems } from './results.js';
import { readSample } from './sample.js';

/** Queries to start from (the first is the initial one, unless the address carries one). */
const FIRST = 'brand = "Hearth" and price < 100';
const EXAMPLES = [
  FIRST,
  'title matches "boot" and in_stock = true and colors one-of ["green", "red"]',
  'Category.Name = "Shoes" and rating >= 4 and sale_price is present',
  '[["brand","Hearth"],[["<","price"],50]]',
  'color = "red" or color = "blue"',
];

/** The query in the address (`#query=...`, infix or wire text), so that a query can be shared. */
function queryInAddress(): string | undefined {
  const m = /^#query=(.*)$/s.exec(location.hash);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1] as string);
  } catch {
    return undefined;
  }
}

const { catalog, items } = readSample();
let query: Query | undefined;

byId('catalog-name').textContent = catalog.Name;
byId('attributes').replaceChildren(...renderAttributes(catalog));

const explainInput = byId<HTMLInputElement>('explain-id');
explainInput.value = items.length ? idText(items[0], catalog) : '';
explainInput.addEventListener('input', () => showExplanation());

const view = new EditorView({
  parent: byId('editor'),
  state: EditorState.create({
    doc: queryInAddress() ?? FIRST,
    extensions: [history(), keymap.of([{ key: 'Shift-Alt-f', run: formatQuery(catalog) }, ...defaultKeymap, ...historyKeymap, ...lintKeymap]), EditorView.lineWrapping, catq({ catalog, items, onLint: update })],
  }),
});

byId('format').addEventListener('click', () => {
  formatQuery(catalog)(view);
  view.focus();
});

byId('examples').replaceChildren(
  ...EXAMPLES.map((example) => {
    const b = h('button', { type: 'button', class: 'example' }, example);
    b.addEventListener('click', () => {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: example }, selection: { anchor: example.length } });
      view.focus();
    });
    return b;
  }),
);

/** Redraws every panel for a new lint result of `text`. */
function update(result: LintResult, text: string): void {
  if (text !== queryInAddress()) window.history.replaceState(null, '', '#query=' + encodeURIComponent(text));
  showDiagnostics(result.diagnostics, text);
  query = result.query;
  showForms(catalog);
  showMatches(catalog);
  showExplanation();
}

function showDiagnostics(diagnostics: readonly Diagnostic[], text: string): void {
  byId('diagnostics').replaceChildren(...diagnosticItems(view, diagnostics, text));
}

function showForms(catalog: Catalog): void {
  const forms = byId('forms');
  if (!query) {
    forms.replaceChildren(h('dd', { class: 'muted' }, 'The query has errors: fix them to see its forms.'));
    return;
  }
  forms.replaceChildren(...queryForms(query, catalog).flatMap((f) => [h('dt', {}, f.title), h('dd', {}, h('pre', { id: `form-${f.id}`, class: f.failed ? 'failed' : undefined }, f.text))]));
}

function showMatches(catalog: Catalog): void {
  const count = byId('match-count');
  if (!query) {
    count.textContent = 'none (the query has errors)';
    count.dataset['count'] = '';
    byId('items').replaceChildren();
    return;
  }
  const matches = matchingItems(query, catalog, items);
  count.textContent = `${matches.length} of ${items.length}`;
  count.dataset['count'] = String(matches.length);
  const rows = renderItems(matches, catalog);
  for (const row of rows) {
    const b = row.querySelector('button');
    b?.addEventListener('click', () => {
      explainInput.value = b.dataset['id'] ?? '';
      showExplanation();
    });
  }
  if (matches.length > rows.length) rows.push(h('li', { class: 'muted' }, `and ${matches.length - rows.length} more`));
  byId('items').replaceChildren(...rows);
}

function showExplanation(): void {
  const verdict = byId('explain-verdict');
  const body = byId('explain');
  const id = explainInput.value.trim();
  const item = items.find((i) => idText(i, catalog) === id);
  byId('explain-item').textContent = item === undefined ? '' : JSON.stringify(item, null, 2);
  if (!query || item === undefined) {
    verdict.textContent = !query ? '' : 'no item with this id';
    body.replaceChildren();
    return;
  }
  const { matched, rows } = renderExplanation(query, catalog, item);
  verdict.textContent = matched ? 'matches' : 'does not match';
  verdict.dataset['matched'] = String(matched);
  body.replaceChildren(...rows);
  for (const b of document.querySelectorAll<HTMLButtonElement>('#items button.item')) b.setAttribute('aria-pressed', String(b.dataset['id'] === id));
}

// For the browser test and the curious: the editor view.
(globalThis as { catqPlayground?: unknown }).catqPlayground = { view, catalog, items };
