/**
 * The console of a running catq-server, served at its `/`: written with `catq/client` (every
 * call to the service) and `catq/codemirror` (the query editor, checked and completed against
 * the live catalog). Key → catalog and kind → query → pages of live items → one item, with the
 * exact `curl` and client code of what is shown, and a dry run of a batch.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { lintKeymap } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import type { Catalog, LintResult } from 'catq';
import { createClient, type CatalogClient, type Item, type ItemId, type ItemKind, type ListedCatalog, type ListedItem, type Page } from 'catq/client';
import { preSendCheck } from 'catq/client/check';
import { catq, formatQuery, parse } from 'catq/codemirror';
import { diagnosticItems } from '../diagnostics-list.js';
import { byId, h } from '../dom.js';
import { batchCode, curlOf, itemCode, pageCode, type BatchOperation, type PageRequest } from './code.js';
import { readBatch, warningItems } from './batch.js';
import { describeError } from './errors.js';
import { derivedRecordsCatalog, KINDS, kindLabel, kindSource, typeaheadKeys } from './kinds.js';
import { dryRunUrl, recordingFetch, type SentRequest } from './requests.js';
import { savedKey, saveKey } from './session.js';
import { typeaheadSample } from './typeahead.js';

const baseUrl = location.origin;
const log: SentRequest[] = [];
const pageLog: SentRequest[] = [];
const itemLog: SentRequest[] = [];
const dryRunLog: SentRequest[] = [];

let apiKey: string | undefined;
let client: CatalogClient | undefined;
let catalog: Catalog | undefined;
let kind: ItemKind = 'product';
let kindCatalog: Catalog | undefined;
/** The calls of the selected catalog and kind: pages, items (each logged apart, for the code view). */
let pageClient: CatalogClient | undefined;
let itemClient: CatalogClient | undefined;
let page: Page<ListedItem> | undefined;
let pageNumber = 1;
let shownRequest = '';
/** Each key, catalog or kind choice gets a number; answers to older ones are dropped. */
let selection = 0;
/** The same for page requests. */
let generation = 0;
let view: EditorView | undefined;
/** How many live items the editor's Typeahead values come from (0 until they are read). */
let typeaheadItems = 0;
const editorConfig = new Compartment();

const status = byId('status');
const catalogSelect = byId<HTMLSelectElement>('catalog');
const kindSelect = byId<HTMLSelectElement>('kind');
const limitInput = byId<HTMLInputElement>('limit');

byId('service').textContent = baseUrl;

function say(text: string, tone: 'ok' | 'error' | '' = ''): void {
  status.textContent = text;
  status.className = tone;
}

function limit(): number {
  const n = Number(limitInput.value);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 10;
}

// ---- key ----

const keyInput = byId<HTMLInputElement>('key');
byId('key-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const key = keyInput.value.trim();
  if (key) void connect(key);
});
byId('forget').addEventListener('click', () => {
  saveKey(undefined);
  apiKey = undefined;
  client = undefined;
  keyInput.value = '';
  byId('console').hidden = true;
  say('The key is forgotten. Enter an API key of this service.');
});

async function connect(key: string): Promise<void> {
  const mine = ++selection;
  say('Connecting…');
  const c = createClient({ baseUrl, apiKey: key, fetch: recordingFetch(log), retry: { retries: 1 } });
  let listed: ListedCatalog[];
  try {
    listed = await c.listCatalogs({ limit: 1000 }).toArray({ max: 10_000 });
  } catch (e) {
    if (mine !== selection) return;
    say(describeError(e), 'error');
    return;
  }
  if (mine !== selection) return;
  apiKey = key;
  client = c;
  saveKey(key);
  keyInput.value = '';
  catalogSelect.replaceChildren(...listed.map((l) => h('option', { value: l.Id }, `${l.Id} · ${l.Name}`)));
  byId('console').hidden = false;
  if (!listed.length) {
    say('Connected, but this key\'s network has no catalog.', 'error');
    return;
  }
  say(`Connected: ${listed.length} catalog(s).`, 'ok');
  await pickCatalog(listed[0]!.Id);
}

// ---- catalog and kind ----

catalogSelect.addEventListener('change', () => void pickCatalog(Number(catalogSelect.value)));
kindSelect.addEventListener('change', () => void pickKind(kindSelect.value as ItemKind));
limitInput.addEventListener('change', () => runQuery(true));

async function pickCatalog(id: number): Promise<void> {
  if (!client) return;
  const mine = ++selection;
  try {
    const c = await client.getCatalog(id);
    if (mine !== selection) return;
    catalog = c;
  } catch (e) {
    if (mine === selection) say(describeError(e), 'error');
    return;
  }
  catalogSelect.value = String(id);
  kindSelect.replaceChildren(...KINDS.map((k) => h('option', { value: k }, kindLabel(catalog as Catalog, k))));
  await pickKind('product');
}

async function pickKind(k: ItemKind): Promise<void> {
  if (!client || !catalog || !apiKey) return;
  const mine = ++selection;
  const source = kindSource(catalog, k);
  let c: Catalog;
  try {
    c = k === 'product' ? catalog : source.type === 'Referenced' ? await client.getCatalog(source.referenceId) : derivedRecordsCatalog(catalog, k);
  } catch (e) {
    if (mine === selection) say(describeError(e), 'error');
    return;
  }
  if (mine !== selection) return;
  kind = k;
  kindSelect.value = k;
  kindCatalog = c;
  typeaheadItems = 0;
  byId('item-id').textContent = '';
  byId('item').textContent = 'Pick an item in the list.';
  delete byId('item').dataset['id'];
  byId('warnings').replaceChildren();
  // The client checks q (its pre-send check) against the catalog it knows by the path's id: that
  // is the kind's own catalog only for products (other kinds are checked here, by the editor).
  const known = k === 'product' ? { catalogs: [catalog] } : {};
  // The editor's text is infix: the client reads it with the editor's own parser.
  pageClient = createClient({ baseUrl, apiKey, fetch: recordingFetch(pageLog), retry: { retries: 1 }, parse, check: preSendCheck, ...known });
  itemClient = createClient({ baseUrl, apiKey, fetch: recordingFetch(itemLog), retry: { retries: 1 }, ...known });
  configureEditor(c, undefined);
  shownRequest = '';
  runQuery(true);
  const keys = typeaheadKeys(c);
  if (keys.length) {
    // A fetch of its own: catq/client's default (the global fetch called as a method of its
    // settings) fails in browsers with "Illegal invocation".
    const sample = await typeaheadSample(createClient({ baseUrl, apiKey, fetch: (url, init) => fetch(url, init) }), catalog.Id, k, keys);
    if (mine === selection && sample.length) {
      typeaheadItems = sample.length;
      configureEditor(c, sample);
    }
  }
}

// ---- editor ----

function extensions(c: Catalog, items: readonly unknown[] | undefined) {
  return [keymap.of([{ key: 'Shift-Alt-f', run: formatQuery(c) }]), catq({ catalog: c, onLint, ...(items ? { items } : {}) })];
}

function configureEditor(c: Catalog, items: readonly unknown[] | undefined): void {
  if (!view) {
    view = new EditorView({
      parent: byId('editor'),
      state: EditorState.create({
        doc: '',
        extensions: [history(), keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap]), EditorView.lineWrapping, editorConfig.of(extensions(c, items))],
      }),
    });
    return;
  }
  view.dispatch({ effects: editorConfig.reconfigure(extensions(c, items)) });
}

byId('format').addEventListener('click', () => {
  if (!view || !kindCatalog) return;
  formatQuery(kindCatalog)(view);
  view.focus();
});

let lastLint: { result: LintResult; text: string } | undefined;

function onLint(result: LintResult, text: string): void {
  if (!view) return;
  lastLint = { result, text };
  byId('diagnostics').replaceChildren(...diagnosticItems(view, text.trim() === '' ? [] : result.diagnostics, text));
  runQuery(false);
}

/** Lists the first page for the editor's query (when it is valid), unless it is already shown. */
function runQuery(force: boolean): void {
  if (!catalog || !view) return;
  const text = view.state.doc.toString();
  const linted = lastLint && lastLint.text === text ? lastLint.result : undefined;
  const empty = text.trim() === '';
  if (!empty && !linted) return; // the linter will call back
  const request: PageRequest = empty ? { limit: limit() } : { q: text, limit: limit() };
  const key = JSON.stringify([catalog.Id, kind, request]);
  if (!force && key === shownRequest) return;
  if (!empty && (!linted?.query || linted.diagnostics.some((d) => d.severity === 'error'))) {
    shownRequest = '';
    ++generation;
    page = undefined;
    byId('items').replaceChildren(h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'The query has errors: fix them to list items.')));
    byId('page-label').textContent = '';
    byId('page-scope').textContent = '';
    setPager();
    showCode('nothing yet (the query has errors)', undefined, '');
    return;
  }
  shownRequest = key;
  pageNumber = 1;
  void showPage(request);
}

// ---- pages ----

function setPager(): void {
  byId<HTMLButtonElement>('prev').disabled = !page?.PrevQuery;
  byId<HTMLButtonElement>('next').disabled = !page?.NextQuery;
}

byId('next').addEventListener('click', () => {
  if (!page?.NextQuery) return;
  pageNumber++;
  void showPage({ from: page.NextQuery });
});
byId('prev').addEventListener('click', () => {
  if (!page?.PrevQuery) return;
  pageNumber--;
  void showPage({ from: page.PrevQuery });
});

async function showPage(request: PageRequest): Promise<void> {
  if (!pageClient || !catalog) return;
  const mine = ++generation;
  const catalogId = catalog.Id;
  const options = 'from' in request ? { from: request.from } : { ...(request.q !== undefined ? { q: request.q } : {}), limit: request.limit };
  byId('items').setAttribute('aria-busy', 'true');
  let result: Page<ListedItem> | undefined;
  try {
    const r = await pageClient.listItemPages(catalogId, kind, options).next();
    result = r.done ? undefined : r.value;
  } catch (e) {
    if (mine !== generation) return;
    byId('items').removeAttribute('aria-busy');
    say(describeError(e), 'error');
    return;
  }
  if (mine !== generation) return;
  page = result;
  const rows = (page?.Items ?? []).map((item) => {
    const row = h('tr', { 'data-id': String(item.Id) }, h('td', {}, h('code', {}, String(item.Id))), h('td', {}, 'Name' in item ? item.Name ?? '' : ''), h('td', {}, item.Type), h('td', {}, 'Brand' in item ? item.Brand?.Name ?? '' : ''), h('td', {}, 'Category' in item ? item.Category?.Name ?? '' : ''));
    row.addEventListener('click', () => void openItem(item.Id, row));
    return row;
  });
  byId('items').replaceChildren(...(rows.length ? rows : [h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No item matches.'))]));
  byId('items').removeAttribute('aria-busy');
  byId('items').dataset['page'] = String(pageNumber);
  byId('page-label').textContent = `page ${pageNumber} · ${rows.length} item(s)`;
  byId('page-scope').textContent = page ? `Scope ${JSON.stringify(page.Metadata?.Scope ?? {})}` : '';
  setPager();
  showCode('the page of items', pageLog.at(-1), pageCode(baseUrl, catalogId, kind, request));
  say(`Catalog ${catalogId}, ${kind}: page ${pageNumber}.`, 'ok');
}

function showCode(what: string, request: SentRequest | undefined, code: string): void {
  byId('code-what').textContent = what;
  byId('curl').textContent = request ? curlOf(request) : '';
  byId('client-code').textContent = code;
}

// ---- one item ----

async function openItem(id: ItemId, row: HTMLElement): Promise<void> {
  if (!itemClient || !catalog) return;
  for (const r of byId('items').querySelectorAll('tr')) r.setAttribute('aria-selected', String(r === row));
  const catalogId = catalog.Id;
  let item: Item;
  try {
    item = await itemClient.getItem(catalogId, kind, id);
  } catch (e) {
    say(describeError(e), 'error');
    return;
  }
  byId('item-id').textContent = `${kind} ${JSON.stringify(id)}`;
  byId('item').textContent = JSON.stringify(item, null, 2);
  byId('item').dataset['id'] = String(id);
  showCode(`the item ${JSON.stringify(id)}`, itemLog.at(-1), itemCode(baseUrl, catalogId, kind, id));
}

// ---- batch dry run ----

byId('dry-run').addEventListener('click', () => void dryRun());

async function dryRun(): Promise<void> {
  if (!catalog || !apiKey) return;
  const op = byId<HTMLSelectElement>('batch-op').value as BatchOperation;
  const list = byId('warnings');
  const read = readBatch(byId<HTMLTextAreaElement>('batch').value);
  if ('problem' in read) {
    list.replaceChildren(h('li', { class: 'sev-error' }, read.problem));
    return;
  }
  // The same client calls, sent with the service's dry-run flag: the warnings are the real call's.
  const dry = createClient({ baseUrl, apiKey, fetch: recordingFetch(dryRunLog, dryRunUrl), retry: { retries: 0 } });
  const catalogId = catalog.Id;
  try {
    const { warnings } = await dry[`${op}Items`](catalogId, kind, read.items);
    list.replaceChildren(...warningItems(warnings, read.items.length));
    list.dataset['state'] = warnings.length ? 'warnings' : 'clean';
  } catch (e) {
    list.replaceChildren(h('li', { class: 'sev-error' }, describeError(e)));
    list.dataset['state'] = 'refused';
  }
  showCode(`the ${op} batch (dry run)`, dryRunLog.at(-1), batchCode(baseUrl, catalogId, kind, op, read.items.length));
}

// ---- start ----

const remembered = savedKey();
if (remembered) void connect(remembered);

// For the browser test and the curious.
(globalThis as { catqConsole?: unknown }).catqConsole = {
  get view() {
    return view;
  },
  get page() {
    return page;
  },
  get typeaheadItems() {
    return typeaheadItems;
  },
};
