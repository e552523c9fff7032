#!/usr/bin/env node
/**
 * A tiny static server for the built sample playground: `node serve.mjs [--port 5178] [--root dist/sample]`
 * (PORT sets the port too). GET and HEAD only, files under the root only, no directory listings. A bad
 * argument, a port in use or a missing build is one line on stderr and exit status 2 (1 for the port).
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

const USAGE = 'usage: node serve.mjs [--port N] [--root DIR]';

/**
 * Reads the command line (and PORT): `{ port, root? }`, or `{ error }`, one line naming the
 * argument and what to give instead.
 */
export function readArguments(args, env = process.env) {
  const out = {};
  for (let i = 0; i < args.length; i++) {
    const name = args[i];
    if (name === '--help' || name === '-h') return { help: true };
    if (name !== '--port' && name !== '--root') return { error: `unknown argument "${name}" (${USAGE})` };
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) return { error: `${name} needs a value (${USAGE})` };
    out[name.slice(2)] = value;
    i++;
  }
  const portText = out.port ?? env.PORT ?? '5178';
  if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) > 65535) {
    return { error: `${out.port === undefined ? 'PORT' : '--port'} ${JSON.stringify(portText)} is not a port: give a whole number from 0 to 65535 (0 picks a free one)` };
  }
  const result = { port: Number(portText) };
  if (out.root !== undefined) {
    const root = resolve(out.root);
    let folder = false;
    try {
      folder = statSync(root).isDirectory();
    } catch {
      // reported below
    }
    if (!folder) return { error: `--root ${out.root} is not a folder: give the folder of a built page, e.g. dist/sample (npm run build --workspace catq-playground makes it)` };
    result.root = root;
  }
  return result;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = readArguments(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
  } else if (options.error) {
    process.stderr.write(`serve.mjs: ${options.error}\n`);
    process.exitCode = 2;
  } else {
    const root = options.root ?? join(here, 'dist', 'sample');
    if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
      process.stderr.write(`serve.mjs: ${root} does not exist yet: build the page first (npm run build --workspace catq-playground), or run npm run playground\n`);
      process.exitCode = 2;
    } else {
      try {
        const { url } = await startServer({ port: options.port, root });
        console.log(`catq playground at ${url} (Ctrl-C to stop)`);
      } catch (e) {
        const reason = e?.code === 'EADDRINUSE' ? `port ${options.port} is in use: give another with --port N (0 picks a free one)` : e?.code === 'EACCES' ? `no permission to listen on port ${options.port}: give one above 1023 with --port N` : String(e?.message ?? e);
        process.stderr.write(`serve.mjs: ${reason}\n`);
        process.exitCode = 1;
      }
    }
  }
}
