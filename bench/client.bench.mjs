// The typed client's own cost (catq/client): walking every page of a 10,000-item list and a
// 5,000-item batch upsert, against hand-written `fetch` code doing the same requests, over
// loopback HTTP to an in-process server whose answers are precomputed (so the ratio shows the
// client's overhead, not the server's). Goal: within 1.2x of the hand-written loop.
// Usage: npm run bench client, or CATQ_DIST=$PWD/.build/<name>/ node bench/client.bench.mjs
import { createServer } from 'node:http';
import { compare, distUrl } from './lib.mjs';

const dist = distUrl();
const catq = await import(new URL('index.js', dist).href);
const { createClient } = await import(new URL('client.js', dist).href);

const { catalog } = catq.loadCatalog({
  Id: 1042,
  Name: 'Bench',
  Type: 'Product',
  Aliases: { Id: 'id', Name: 'title' },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
  ],
});
const items = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, title: `Item ${i + 1} rain jacket`, price: i % 500 }));

// Answers keyed by the parameters in a canonical order; computed once with the library.
const pages = new Map();
const key = (params) => JSON.stringify(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method === 'POST') {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    return;
  }
  const params = Object.fromEntries(url.searchParams);
  const k = key(params);
  let body = pages.get(k);
  if (body === undefined) {
    const { response, diagnostics } = catq.listItems(items, catalog, params, { numericStrings: true });
    if (!response) throw new Error(JSON.stringify(diagnostics));
    body = JSON.stringify(response);
    pages.set(k, body);
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const headers = { 'x-service-apikey': 'k', accept: 'application/json' };
const client = createClient({ baseUrl: base, apiKey: 'k', catalogs: [catalog] });
const q = [[['<', 'price'], 400]];

async function handWalk() {
  let n = 0;
  let params = { q: JSON.stringify(q), limit: '1000' };
  for (;;) {
    const res = await fetch(`${base}/v1/catalog/1042/product?${new URLSearchParams(params)}`, { headers });
    const page = await res.json();
    n += page.Items.length;
    if (!page.NextQuery) return n;
    params = Object.fromEntries(Object.entries(page.NextQuery).map(([k, v]) => [k, k === 'q' ? decodeURIComponent(v) : String(v)]));
  }
}
async function clientPages() {
  let n = 0;
  for await (const page of client.listItemPages(1042, 'product', { q, limit: 1000 })) n += page.Items.length;
  return n;
}
async function clientWalk() {
  let n = 0;
  for await (const _ of client.listItems(1042, 'product', { q, limit: 1000 })) n++;
  return n;
}
const toUpsert = items.slice(0, 5000);
async function handUpsert() {
  const chunks = [];
  for (let i = 0; i < toUpsert.length; i += 1000) chunks.push(toUpsert.slice(i, i + 1000));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const body = JSON.stringify({ Items: chunks[next++] });
      const res = await fetch(`${base}/v1/catalog/1042/product/batch/upsert`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      await res.json();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}
const clientUpsert = () => client.upsertItems(1042, 'product', toUpsert, { concurrency: 4 });

// Sanity: both walks see the same items.
const [a, b] = [await handWalk(), await clientWalk()];
if (a !== b || a !== 8000) throw new Error(`walks disagree: ${a} vs ${b}`);

await compare('List Catalog Items, every page of 8,000 matches (8 pages of 1000) over loopback', { 'hand-written fetch loop': handWalk, 'client.listItemPages': clientPages, 'client.listItems': clientWalk }, { baseline: 'hand-written fetch loop', time: 1500 });
await compare('Batch upsert of 5,000 items (5 requests, 4 in flight)', { 'hand-written fetch': handUpsert, 'client.upsertItems': clientUpsert }, { baseline: 'hand-written fetch', time: 1500 });
server.close();
