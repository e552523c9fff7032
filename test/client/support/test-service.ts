/**
 * A small in-memory implementation of the catalog interface over real HTTP (node:http), for the
 * client's tests: List Catalog Items is the library's `listItems`, batch operations keep items in
 * a Map and warn like this repository's service (`Items[i]`), and a fault hook lets a test make
 * any request fail on purpose (a status, a dropped connection, a hang).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toErrorBody, type Catalog } from '../../../src/index.js';
import { listItems } from '../../../src/eval/index.js';
import { idFromText, itemId, toListedItem } from '../../../src/listing/index.js';

/** What a fault hook may do with a request. */
export type Fault =
  | { readonly status: number; readonly body?: unknown; readonly text?: string; readonly headers?: Record<string, string> }
  | { readonly drop: true }
  /** Serve the request (a batch is applied), then drop the connection instead of answering. */
  | { readonly dropAfter: true }
  | { readonly hang: true };

/** One request as the service saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: IncomingMessage['headers'];
  readonly body?: unknown;
}

export interface TestService {
  readonly url: string;
  readonly requests: SeenRequest[];
  readonly items: Map<string, Record<string, unknown>>;
  /** Decides per request; `undefined` serves it normally. */
  fault: ((req: SeenRequest, n: number) => Fault | undefined) | undefined;
  /** Delay before answering a batch request (to observe concurrency and reordering). */
  batchDelayMs: number | ((n: number) => number);
  /** Most batch requests in flight at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

export const API_KEY = 'test-key-1';

export async function startTestService(catalog: Catalog, items: readonly Record<string, unknown>[] = []): Promise<TestService> {
  const store = new Map<string, Record<string, unknown>>();
  const keyOf = (id: string | number) => `${typeof id}:${id}`;
  for (const it of items) {
    const id = itemId(it, catalog);
    if (id !== undefined) store.set(keyOf(id), it);
  }
  let inFlight = 0;
  let batchCount = 0;
  const hanging = new Set<ServerResponse>();
  const service: TestService = {
    url: '',
    requests: [],
    items: store,
    fault: undefined,
    batchDelayMs: 0,
    maxInFlight: 0,
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const errors = (res: ServerResponse, status: number, ...messages: string[]) => json(res, status, { Errors: messages.map((message) => ({ message })) });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return errors(res, 400, 'the body is not JSON');
    }
    const seen: SeenRequest = { method: req.method ?? '', path: url.pathname, query: url.search.slice(1), headers: req.headers, ...(body !== undefined ? { body } : {}) };
    service.requests.push(seen);
    const fault = service.fault?.(seen, service.requests.length);
    if (fault && 'dropAfter' in fault) {
      // Serve normally, but lose the answer: the connection closes instead.
      res.writeHead = (() => res) as never;
      res.end = (() => req.socket.destroy()) as never;
    } else if (fault) {
      if ('drop' in fault) return req.socket.destroy();
      if ('hang' in fault) return void hanging.add(res);
      if (fault.text !== undefined) return void res.writeHead(fault.status, fault.headers).end(fault.text);
      return json(res, fault.status, fault.body ?? { Errors: [{ message: `fault ${fault.status}` }] }, fault.headers);
    }
    if (req.headers['x-service-apikey'] !== API_KEY && req.headers['x-legacy-apikey'] !== API_KEY) return errors(res, 401, 'missing or unknown API key');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'v1' || parts[1] !== 'catalog') return errors(res, 404, 'no such route');
    if (parts.length === 2) return json(res, 200, { Items: [{ Id: catalog.Id, Name: catalog.Name, Type: 'Product' }], Metadata: { Scope: { limit: 100, order: 'asc' } } });
    if (Number(parts[2]) !== catalog.Id) return errors(res, 404, `catalog ${parts[2]} not found`);
    if (parts.length === 3) return json(res, 200, catalog);
    if (parts[3] !== 'product') return errors(res, 400, `item kind ${parts[3]} is not served here`);
    if (parts.length === 4 && req.method === 'GET') {
      const params = Object.fromEntries(url.searchParams);
      const { response, diagnostics } = listItems([...store.values()], catalog, params, { numericStrings: true, networkId: 1 });
      return response ? json(res, 200, response) : json(res, 400, toErrorBody(diagnostics));
    }
    if (parts.length === 5 && req.method === 'GET') {
      const id = parts[4] as string;
      // As catq-server reads a path's id (idFromText), falling back to the text itself.
      const it = store.get(keyOf(idFromText(id))) ?? store.get(keyOf(id));
      if (!it) return errors(res, 404, `item ${id} not found`);
      return json(res, 200, { ...toListedItem(it, catalog, { networkId: 1 }), Data: it });
    }
    if (parts[4] === 'batch' && parts.length === 6) {
      const list = (body as { Items?: unknown } | undefined)?.Items;
      const max = parts[5] === 'update' ? 100 : 1000;
      if (!Array.isArray(list) || list.length < 1 || list.length > max) return errors(res, 400, `Items must hold 1 to ${max} items`);
      inFlight++;
      service.maxInFlight = Math.max(service.maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, typeof service.batchDelayMs === 'function' ? service.batchDelayMs(batchCount++) : service.batchDelayMs));
      inFlight--;
      const warnings: { message: string }[] = [];
      list.forEach((it: Record<string, unknown>, i: number) => {
        const id = itemId(it, catalog);
        if (id === undefined) return void warnings.push({ message: `Items[${i}]: no usable id (key "${catalog.Aliases.Id}"); skipped` });
        const key = keyOf(id);
        if (parts[5] === 'upsert') store.set(key, it);
        else if (parts[5] === 'delete') store.delete(key);
        else if (store.has(key)) store.set(key, { ...store.get(key), ...it });
        else warnings.push({ message: `Items[${i}] (id ${JSON.stringify(id)}): no such item; nothing updated` });
      });
      return json(res, 200, warnings.length ? { Warnings: warnings } : {});
    }
    return errors(res, 404, 'no such route');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (service as { url: string }).url = `http://127.0.0.1:${port}`;
  return service;
}
