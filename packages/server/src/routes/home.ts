import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';

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

/**
 * `/`: the playground when its build (`index.html`) is in `playgroundDir`, with the files next to
 * it; otherwise a small JSON pointer to the OpenAPI document. Public (no API key): it holds no data.
 */
export function homeRoutes(app: FastifyInstance, playgroundDir: string | undefined): void {
  const root = playgroundDir ? normalize(playgroundDir + sep) : undefined;
  const send = async (file: string): Promise<{ type: string; body: Buffer } | undefined> => {
    if (!root) return undefined;
    const path = normalize(join(root, file));
    if (!path.startsWith(root)) return undefined;
    try {
      return { type: TYPES[extname(path)] ?? 'application/octet-stream', body: await readFile(path) };
    } catch {
      return undefined;
    }
  };
  app.get('/', { schema: { hide: true } }, async (_req, reply) => {
    const page = await send('index.html');
    if (page) return reply.type(page.type).send(page.body);
    return { service: 'catq-server', openapi: '/openapi.json', endpoints: '/v1/catalog', playground: 'not built (npm run build in packages/playground)' };
  });
  if (root) {
    app.get('/*', { schema: { hide: true } }, async (req, reply) => {
      const file = await send(decodeURIComponent((req.params as { '*': string })['*']));
      if (!file) return reply.status(404).send({ Errors: [{ message: `No such page: ${req.url}` }] });
      return reply.type(file.type).send(file.body);
    });
  }
}
