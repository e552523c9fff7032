/**
 * One tiny application per browser-facing entry of the package, as a plain ES module exporting
 * `run(config)`. The same module runs in Node (through the package's `node` condition: the lazy
 * loaders) and, bundled, in Chromium (through the default condition: the static loaders); the
 * two results must be equal. `config` holds the catalog (the interface's JSON), a few raw items,
 * and the service's address and key for the client.
 */
export const ENTRIES = ['catq', 'catq/wire', 'catq/syntax', 'catq/builder', 'catq/client', 'catq/codemirror'] as const;
export type Entry = (typeof ENTRIES)[number];

export const APPS: Record<Entry, string> = {
  catq: `
import { decode, encode, validate, parse, format, lint, complete, filter, loadCatalog, QueryError } from 'catq';
export async function run(c) {
  const catalog = loadCatalog(c.catalog).catalog;
  const { query } = parse('brand = "Acme" and price < 50');
  return {
    q: encode(query),
    infix: format(query),
    valid: validate(query, catalog).map((d) => d.code),
    lint: lint('prce < 20', catalog).diagnostics.map((d) => d.code),
    complete: complete('pr', 2, catalog).map((i) => i.label),
    badJson: decode('[["brand", 1,]]').diagnostics.map((d) => d.code),
    unknownOperator: decode('[[["lesser", "price"], 1]]').diagnostics.map((d) => d.message),
    matching: filter(c.items, query, catalog).map((i) => i.id),
    isError: new QueryError([]) instanceof Error,
  };
}`,
  'catq/wire': `
import { decode, encode, toWire } from 'catq/wire';
export async function run() {
  const { query } = decode('%5B%5B%22brand%22%2C%22Acme%22%5D%2C%5B%5B%22%3C%22%2C%22price%22%5D%2C50%5D%5D');
  return { wire: toWire(query), q: encode(query), badJson: decode('[["brand", 1,]]').diagnostics.map((d) => d.message) };
}`,
  'catq/syntax': `
import { parse, format, lint, complete } from 'catq/syntax';
import { loadCatalog } from 'catq';
export async function run(c) {
  const catalog = loadCatalog(c.catalog).catalog;
  return {
    formatted: format(parse('brand="Acme"   and price<50').query),
    syntaxError: parse('brand = ').diagnostics.map((d) => d.code),
    lint: lint('title matches "rain" and prce < 2', catalog).diagnostics.map((d) => [d.code, d.message]),
    complete: complete('brand = "Acme" and ', 19, catalog).map((i) => i.label),
  };
}`,
  'catq/builder': `
import { queryBuilder, QueryError } from 'catq/builder';
export async function run(c) {
  const b = queryBuilder(c.catalog).where('price', '<', 20).where('title', 'matches', 'rain jacket');
  let wrong;
  try { queryBuilder(c.catalog).where('prce', '<', 20); } catch (e) { wrong = e instanceof QueryError ? e.diagnostics.map((d) => d.code) : String(e); }
  return { q: b.toQ(), infix: b.toInfix(), wrong };
}`,
  'catq/client': `
import { createClient, CatalogApiError } from 'catq/client';
import { preSendCheck } from 'catq/client/check';
export async function run(c) {
  const client = createClient({ baseUrl: c.baseUrl, apiKey: c.apiKey });
  const catalog = await client.getCatalog(c.catalog.Id);
  const ids = [];
  for await (const item of client.listItems(c.catalog.Id, 'product', { q: [[['<', 'price'], 30]], limit: 7 })) ids.push(item.Id);
  let denied;
  try { await createClient({ baseUrl: c.baseUrl, apiKey: 'wrong' }).getCatalog(c.catalog.Id); } catch (e) { denied = e instanceof CatalogApiError ? e.status : String(e); }
  let infix;
  try { client.listItems(c.catalog.Id, 'product', { q: 'price < 30' }); } catch (e) { infix = e.diagnostics.map((d) => d.code); }
  // Without the pre-send check a mistake is the service's 400; with it, a QueryError before sending.
  let byService;
  try { await client.listItems(c.catalog.Id, 'product', { q: [['prce', 1]] }).next(); } catch (e) { byService = e instanceof CatalogApiError ? e.status : String(e); }
  const checked = createClient({ baseUrl: c.baseUrl, apiKey: c.apiKey, check: preSendCheck, catalogs: [c.catalog] });
  let beforeSending;
  try { checked.listItems(c.catalog.Id, 'product', { q: [['prce', 1]] }); } catch (e) { beforeSending = e.diagnostics.map((d) => d.code); }
  return { name: catalog.Name, ids, denied, infix, byService, beforeSending };
}`,
  'catq/codemirror': `
import { EditorView } from '@codemirror/view';
import { EditorState } from '@codemirror/state';
import { catq } from 'catq/codemirror';
import { loadCatalog } from 'catq';
export async function run(c) {
  const catalog = loadCatalog(c.catalog).catalog;
  const linted = new Promise((done) => {
    const view = new EditorView({
      state: EditorState.create({ doc: 'prce < 20', extensions: [catq({ catalog, lintDelay: 0, onLint: (r) => done(r.diagnostics.map((d) => d.code)) })] }),
      parent: document.body,
    });
    window.__view = view;
  });
  return { lint: await linted, text: document.querySelector('.cm-content').textContent };
}`,
};

/** The bundler's entry: runs the app on the page's config and leaves the result on `window`. */
export const MAIN = `
import { run } from './app.mjs';
window.__done = run(window.__config).then(
  (r) => { window.__result = JSON.stringify(r); },
  (e) => { window.__error = String((e && e.stack) || e); },
);
`;
