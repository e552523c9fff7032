/** The playground's static server over real HTTP: files under its root only, GET and HEAD only. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error plain ES module of the package, without declarations
import { startServer } from '../serve.mjs';

let server: Server;
let url: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catq-serve-'));
  const root = join(dir, 'root');
  mkdirSync(join(root, 'sub'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<p>home</p>');
  writeFileSync(join(root, 'app.js'), 'export {}');
  writeFileSync(join(dir, 'secret.txt'), 'outside the root');
  ({ server, url } = await startServer({ port: 0, root }));
});

afterAll(async () => {
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, method = 'GET') => fetch(new URL(path, url), { method });

/** The status of a request whose path goes on the wire as written (fetch would normalise `..`). */
function rawStatus(path: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((ok, fail) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      res.resume();
      ok(res.statusCode ?? 0);
    });
    req.on('error', fail);
    req.end();
  });
}

describe('serve.mjs', () => {
  test('serves index.html for / and files with their type', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await home.text()).toBe('<p>home</p>');
    const js = await get('/app.js?v=1');
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await get('/app.js', 'HEAD')).status).toBe(200);
  });

  test('nothing outside the root, no folders, no other methods', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/sub/..%2f..%2fsecret.txt', '/sub', '/missing.js', '/%E0%A4%A', '/sub/../../secret.txt']) {
      expect(await rawStatus(path), path).toBe(404);
    }
    expect((await get('/', 'POST')).status).toBe(405);
  });
});
