import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateCoding, type Coding } from '../compression.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/** A fingerprinted asset: `assets/<name>-<HASH>.<ext>` (esbuild's `[name]-[hash]`); its bytes never change. */
const FINGERPRINTED = /^assets\/[^/]+-[A-Z0-9]{8}\.[a-z]+$/;
/** A year, the longest cache browsers honour; `immutable` spares the revalidation on reload. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (the HTML naming the assets): kept, but revalidated on every use (ETag, 304). */
export const REVALIDATE = 'no-cache';

/** The encodings a build may hold precompressed beside a file. */
const SUFFIXES: ReadonlyMap<Coding, string> = new Map([
  ['br', '.br'],
  ['gzip', '.gz'],
]);

interface Served {
  readonly body: Buffer;
  readonly type: string;
  readonly encoding?: string;
  readonly etag: string;
}

/**
 * `/`: the console when its build (`index.html`) is in `playgroundDir`, with the files next to it
 * (the sample playground under `sample/`); otherwise a small JSON pointer to the OpenAPI
 * document. Public (no API key): the page holds no data, it asks the API with the key the person
 * enters. Files precompressed by the build (`.br`, `.gz`) are sent as they are when the client
 * accepts them; fingerprinted assets are cached for good, the rest revalidated (ETag).
 */
export function homeRoutes(app: FastifyInstance, playgroundDir: string | undefined): void {
  const root = playgroundDir ? normalize(playgroundDir + sep) : undefined;
  const read = async (path: string): Promise<Buffer | undefined> => {
    try {
      return await readFile(path);
    } catch {
      return undefined;
    }
  };
  const find = async (file: string, acceptEncoding: string | undefined): Promise<Served | undefined> => {
    if (!root) return undefined;
    const path = normalize(join(root, file.endsWith('/') || file === '' ? file + 'index.html' : file));
    if (!path.startsWith(root) || /\.(br|gz)$/.test(path)) return undefined;
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    // The coding the client rates highest among the precompressed ones (the API's negotiation:
    // q-values rank, q=0 refuses even under `*`); the next one when its file is missing.
    let candidates = [...SUFFIXES.keys()];
    for (let coding = negotiateCoding(acceptEncoding, candidates); coding; coding = negotiateCoding(acceptEncoding, candidates)) {
      const body = await read(path + SUFFIXES.get(coding));
      if (body) return { body, type, encoding: coding, etag: etagOf(body) };
      candidates = candidates.filter((c) => c !== coding);
    }
    const body = await read(path);
    return body && { body, type, etag: etagOf(body) };
  };
  const send = (req: FastifyRequest, reply: FastifyReply, file: string, served: Served): FastifyReply => {
    void reply.header('Cache-Control', FINGERPRINTED.test(file) ? IMMUTABLE : REVALIDATE).header('ETag', served.etag).header('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === served.etag) return reply.status(304).send();
    if (served.encoding) void reply.header('Content-Encoding', served.encoding);
    return reply.type(served.type).send(served.body);
  };
  app.get('/', { schema: { hide: true } }, async (req, reply) => {
    const page = await find('index.html', req.headers['accept-encoding']);
    if (page) return send(req, reply, 'index.html', page);
    return { service: 'catq-server', openapi: '/openapi.json', endpoints: '/v1/catalog', console: 'not built (npm run build in packages/playground)' };
  });
  if (root) {
    app.get('/*', { schema: { hide: true } }, async (req, reply) => {
      // From the URL itself: the router drops a trailing slash, which names a folder's index.html.
      let file: string;
      try {
        file = decodeURIComponent((req.url.split('?')[0] ?? '').slice(1));
      } catch {
        return reply.status(404).send({ Errors: [{ message: 'No such page.' }] });
      }
      const served = await find(file, req.headers['accept-encoding']);
      // Not a file of the page: the service's own answer (a 405 when the path is a route's with another method).
      if (!served) return reply.callNotFound();
      return send(req, reply, file, served);
    });
  }
}

/** A strong ETag of a response body (the encoded bytes: each encoding is its own representation). */
function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}
