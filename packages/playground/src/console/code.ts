/**
 * The code for what is on screen: the exact `curl` line of the request sent (the key left as
 * `$CATQ_API_KEY`), and the `catq/client` call that sends the same request.
 */
import type { ItemId, ItemKind, Scope } from 'catq/client';
import { detectSyntax } from 'catq/codemirror';
import type { SentRequest } from './requests.js';

/** `text` quoted for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The curl command of a request, the API key taken from the environment. */
export function curlOf(r: SentRequest): string {
  const parts = ['curl -s', `-H "X-Service-ApiKey: $CATQ_API_KEY"`];
  if (r.method !== 'GET') parts.push(`-X ${r.method}`);
  if (r.body !== undefined) parts.push(`-H 'Content-Type: application/json'`, `--data ${shellQuote(r.body)}`);
  parts.push(shellQuote(r.url));
  return parts.join(' \\\n  ');
}

const js = (v: unknown): string => JSON.stringify(v);

/**
 * The imports and the client. With `parse` (for a `q` in infix text): `catq/client` reads infix
 * text only with the parser given to it, and refuses it otherwise (wire/infix-as-q).
 */
function clientPrelude(baseUrl: string, parse = false): string {
  const imports = parse ? `import { createClient } from 'catq/client';\nimport { parse } from 'catq/syntax';\n` : `import { createClient } from 'catq/client';\n`;
  return `${imports}\nconst client = createClient({ baseUrl: ${js(baseUrl)}, apiKey: process.env.CATQ_API_KEY!${parse ? ', parse' : ''} });\n`;
}

/** How a page was asked for: the first page of a search, or a Scope the service sent. */
export type PageRequest = { readonly q?: string; readonly limit: number } | { readonly from: Scope };

/** The client code fetching one page of items. */
export function pageCode(baseUrl: string, catalogId: number, kind: ItemKind, request: PageRequest): string {
  const options = 'from' in request ? `{ from: ${js(request.from)} }` : `{ ${request.q !== undefined ? `q: ${js(request.q)}, ` : ''}limit: ${request.limit} }`;
  const infix = !('from' in request) && request.q !== undefined && detectSyntax(request.q) === 'infix';
  return `${clientPrelude(baseUrl, infix)}const pages = client.listItemPages(${catalogId}, ${js(kind)}, ${options});\nconst { value: page } = await pages.next(); // page.Items, page.NextQuery, page.PrevQuery\n`;
}

/** The client code reading one item. */
export function itemCode(baseUrl: string, catalogId: number, kind: ItemKind, id: ItemId): string {
  return `${clientPrelude(baseUrl)}const item = await client.getItem(${catalogId}, ${js(kind)}, ${js(id)});\n`;
}

/** The batch operations of the dry-run view. */
export type BatchOperation = 'upsert' | 'update' | 'delete';

/** The client code sending the batch for real (the dry run shows its warnings first). */
export function batchCode(baseUrl: string, catalogId: number, kind: ItemKind, op: BatchOperation, count: number): string {
  return `${clientPrelude(baseUrl).replace('\n\n', "\nimport { readFile } from 'node:fs/promises';\n\n")}const items = JSON.parse(await readFile('items.json', 'utf8')); // the ${count} item(s) above\nconst { warnings } = await client.${op}Items(${catalogId}, ${js(kind)}, items);\nfor (const w of warnings) console.log(w.index, w.message);\n`;
}
