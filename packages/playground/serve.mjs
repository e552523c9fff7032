#!/usr/bin/env node
/**
 * A tiny static server for the built sample playground: `node serve.mjs [--port 5178] [--root dist/sample]`.
 * GET and HEAD only, files under the root only, no directory listings.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

/** The file under `root` that `urlPath` names, or undefined (outside the root, missing, a folder). */
export function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (path.endsWith('/')) path += 'index.html';
  const file = resolve(root, '.' + path);
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the server; resolves with it and its URL once listening. Port 0 picks a free port. */
export function startServer({ port = 5178, host = '127.0.0.1', root = join(here, 'dist', 'sample') } = {}) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = fileFor(base, req.url ?? '/');
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      ok({ server, url: `http://${host}:${actual}/` });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
  const port = Number(opt('--port') ?? process.env.PORT ?? 5178);
  const root = opt('--root') ? resolve(opt('--root')) : undefined;
  const { url } = await startServer({ port, ...(root ? { root } : {}) });
  console.log(`catq playground at ${url} (Ctrl-C to stop)`);
}
