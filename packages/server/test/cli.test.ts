/** The command line: bad flags and bad catalogs stop the start with a message and exit status 2. */
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_LEVELS } from '../src/config.js';
import { KEY, runServerToExit, startServer, tempFiles } from './support/process.js';

const files = tempFiles({
  'bad.json': '{\n  "Id": 5,\n  "Name": "x",\n  "Type": "Thing",\n  "Aliases": {}\n}\n',
  'notjson.json': '{ "Id": ',
  'good.json': JSON.stringify({ Id: 100, Name: 'ok', Type: 'Product', Aliases: { Id: 'id' } }),
  'items.ndjson': '{"id":1}\nnot json\n',
  'seed.json': JSON.stringify({ Id: 100, Name: 'seed', Type: 'Product', Aliases: { Id: 'id', Name: 'name' }, SearchableAttributes: [{ Attribute: 'name', Type: 'Text', Cardinality: 'One' }] }),
  // Lines 2, 3, 5 and 6 cannot be loaded as written: no id, a lone surrogate (which PostgreSQL
  // cannot hold), an array, and line 1's id again (line 6 replaces line 1).
  'extra.json': JSON.stringify({ Id: 102, Name: 'extra', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [{ Attribute: 'v', Type: 'Number', Cardinality: 'One', Weight: 2 }] }),
  // Written by an editor that puts a byte order mark first, with Windows line ends.
  'bom.json': '\ufeff' + JSON.stringify({ Id: 101, Name: 'bom', Type: 'Product', Aliases: { Id: 'id' } }),
  'bom.ndjson': '\ufeff{"id":7}\r\n{"id":8}\r\n',
  // Numbers beyond JSON's range (JSON.parse reads 1e400 as Infinity): stored as null, each line named.
  'huge.json': JSON.stringify({ Id: 103, Name: 'huge', Type: 'Product', Aliases: { Id: 'id', Name: 'name' }, SearchableAttributes: [{ Attribute: 'price', Type: 'Number', Cardinality: 'One' }] }),
  'huge.ndjson': ['{"id":1,"name":"one","price":1e400}', '{"id":2,"name":"two","weight":-1e400}', '{"id":3,"name":"three","dims":{"x":[1,1e999]},"w":1e400}', '{"id":4,"name":"four","price":5}', ''].join('\n'),
  'seed.ndjson': ['{"id":1,"name":"first"}', '{"name":"no id"}', '{"id":2,"name":"bad \\udc00"}', '{"id":3,"name":"kept"}', '[1,2]', '{"id":1,"name":"again"}', ''].join('\n'),
});
afterAll(() => files.cleanup());

describe('catq-server command line', () => {
  it('an invalid catalog: rendered diagnostics with the file name, exit status 2', async () => {
    const r = await runServerToExit(['--catalog', files.path('bad.json'), '--api-key', 'k']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.json');
    expect(r.stderr).toMatch(/Id/);
    expect(r.stderr).toMatch(/Type/);
    expect(r.stdout).not.toMatch(/listening/);
  });
  it('a catalog that is not JSON, or missing: exit status 2 naming it', async () => {
    const r = await runServerToExit(['--catalog', files.path('notjson.json'), '--catalog', files.path('nope.json'), '--api-key', 'k']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('notjson.json');
    expect(r.stderr).toContain('nope.json');
  });
  it('an items file with a bad line: exit status 2 with the line number', async () => {
    const r = await runServerToExit(['--catalog', files.path('good.json'), '--items', files.path('items.ndjson'), '--api-key', 'k']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/items\.ndjson:2/);
  });
  it.each([
    [['--catalog', 'x.json'], /api-key/],
    [['--api-key', 'k'], /--catalog/],
    [['--catalog', 'x.json', '--api-key', 'k', '--port', 'abc'], /--port/],
    [['--catalog', 'x.json', '--api-key', 'k', '--bogus'], /bogus/],
    [['--catalog', 'x.json', '--api-key', 'k', '--data-dir', 'd', '--database-url', 'postgres://x'], /data-dir/],
    [['--catalog', 'x.json', '--api-key', 'k', '--trust-proxy', '10.0.0.0/8,maybe'], /--trust-proxy must be .* but "maybe" is none of them/],
    [['--catalog', 'x.json', '--api-key', 'k', '--host', ' '], /--host is empty/],
    [['--catalog', 'x.json', '--api-key', 'k', '--database-url', 'mysql://root@127.0.0.1/test'], /--database-url must be a PostgreSQL URL .* starts with mysql:\/\//],
    [['--catalog', 'x.json', '--api-key', 'k', '--database-url', 'postgres://x', '--shard-url', 'mariadb://y'], /--shard-url must be a PostgreSQL URL/],
    // A negative number after its flag is the flag's value (node's parseArgs would call it ambiguous).
    [['--catalog', 'x.json', '--api-key', 'k', '--rate-limit', '-1'], /^catq-server: --rate-limit must be a whole number from 0 to 1000000000, not "-1"\./],
    [['--catalog', 'x.json', '--api-key', 'k', '--shutdown-timeout', '-5'], /^catq-server: --shutdown-timeout must be a whole number from 0 to \d+, not "-5"\./],
  ])('bad flags %j: usage and exit status 2', async (args, message) => {
    const r = await runServerToExit(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/Usage: catq-server/);
  });
  it('a seed file: every line that is not loaded as written is named on standard error, the rest is loaded', async () => {
    const server = await startServer(['--catalog', files.path('seed.json'), '--items', files.path('seed.ndjson'), '--api-key', KEY, '--log-level', 'warn']);
    try {
      const err = server.stderr();
      const seed = files.path('seed.ndjson');
      expect(err).toContain(`${seed}:2 has no usable id`);
      expect(err).toContain(`${seed}:3 (id 2) was not stored: "name" holds a string with a lone surrogate`);
      expect(err).toContain(`${seed}:5 is an array, not an object`);
      expect(err).toContain(`${seed}:1 (id 1) and ${seed}:6 have the same id; the last one (${seed}:6) wins.`);
      expect(err).toContain(`4 lines of ${seed} were not loaded as written; 2 items of 6 were loaded into catalog 100.`);
      const page = (await (await fetch(`${server.url}/v1/catalog/100/product`, { headers: { 'X-Service-ApiKey': KEY } })).json()) as { Items: { Id: number; Name: string }[] };
      expect(page.Items.map((i) => [i.Id, i.Name])).toEqual([
        [1, 'again'],
        [3, 'kept'],
      ]);
    } finally {
      await server.stop();
    }
  });
  it('a seed file: a number beyond JSON\'s range (1e400, read as Infinity) is named on standard error with its line and key, and stored as null, as batch upsert warns', async () => {
    const server = await startServer(['--catalog', files.path('huge.json'), '--items', files.path('huge.ndjson'), '--api-key', KEY, '--log-level', 'warn']);
    try {
      const err = server.stderr();
      const file = files.path('huge.ndjson');
      const beyond = 'beyond the range of JSON numbers (such as 1e400)';
      expect(err).toContain(`catq-server: warning: ${file}:1 (id 1): "price" holds a number ${beyond}, read as Infinity; it is stored as null.\n`);
      expect(err).toContain(`catq-server: warning: ${file}:2 (id 2): "weight" holds a number ${beyond}, read as -Infinity; it is stored as null.\n`);
      expect(err).toContain(`catq-server: warning: ${file}:3 (id 3): "dims" (at /dims/x/1) and "w" hold numbers ${beyond}, read as Infinity; they are stored as null.\n`);
      expect(err).toContain(`3 lines of ${file} were not loaded as written; 4 items of 4 were loaded into catalog 103.`);
      expect(err).not.toContain(':4 ');
      const get = async (id: number) => ((await (await fetch(`${server.url}/v1/catalog/103/product/${id}`, { headers: { 'X-Service-ApiKey': KEY } })).json()) as { Data: unknown }).Data;
      expect(await get(1)).toEqual({ id: 1, name: 'one', price: null });
      expect(await get(3)).toEqual({ id: 3, name: 'three', dims: { x: [1, null] }, w: null });
      // Batch upsert reads the same item the same way: stored as null, with a warning naming it.
      const upsert = await fetch(`${server.url}/v1/catalog/103/product/batch/upsert`, {
        method: 'POST',
        headers: { 'X-Service-ApiKey': KEY, 'Content-Type': 'application/json' },
        body: '{"Items":[{"id":2,"name":"two","weight":-1e400},{"id":3,"name":"three","dims":{"x":[1,1e999]},"w":1e400},{"id":5,"name":"five","price":1e400}]}',
      });
      expect(await upsert.json()).toEqual({
        Warnings: [
          { message: `Items[0] (id 2): "weight" holds a number ${beyond}, read as -Infinity; it is stored as null.` },
          { message: `Items[1] (id 3): "dims" (at /dims/x/1) and "w" hold numbers ${beyond}, read as Infinity; they are stored as null.` },
          // A declared attribute's one warning is its fit warning, which says the same (the seed has no fit warnings).
          {
            message:
              'Items[2] (id 5): "price" holds the number Infinity, but the catalog declares it Number. It is stored as null (JSON has no number that large), but the clauses =, <, >, <=, >=, one-of on "price" can never match this item.',
          },
        ],
      });
      expect(await get(2)).toEqual({ id: 2, name: 'two', weight: null });
    } finally {
      await server.stop();
    }
  });
  it('once it listens it prints one line, "listening on URL" on standard output, and Fastify\'s log says nothing of it (at the default log level)', async () => {
    const server = await startServer(['--catalog', files.path('good.json'), '--api-key', KEY]);
    try {
      // One request: its log line shows the logger is on.
      expect((await fetch(`${server.url}/v1/catalog`, { headers: { 'X-Service-ApiKey': KEY } })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(server.stdout()).toBe(`listening on ${server.url}\n`);
      expect(server.stderr()).toMatch(/"msg":"request"/);
      expect(server.stderr()).not.toMatch(/listening/i);
    } finally {
      await server.stop();
    }
  });
  it('a catalog with warnings only is used, and its warnings are printed with their places', async () => {
    const server = await startServer(['--catalog', files.path('extra.json'), '--api-key', KEY, '--log-level', 'warn']);
    try {
      expect(server.stderr()).toContain('catq-server: the catalog has warnings (it is used all the same):');
      expect(server.stderr()).toContain('warning[catalog/unknown-key]: The key "Weight" is not part of the catalog format and is ignored.');
      expect(server.stderr()).toContain(`${files.path('extra.json')} at /SearchableAttributes/0/Weight`);
      expect((await fetch(`${server.url}/v1/catalog/102`, { headers: { 'X-Service-ApiKey': KEY } })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
  it('a catalog file and an items file that start with a byte order mark are read', async () => {
    const server = await startServer(['--catalog', files.path('bom.json'), '--items', files.path('bom.ndjson'), '--api-key', KEY, '--log-level', 'warn']);
    try {
      expect(server.stderr()).toBe('');
      const page = (await (await fetch(`${server.url}/v1/catalog/101/product`, { headers: { 'X-Service-ApiKey': KEY } })).json()) as { Items: { Id: number }[] };
      expect(page.Items.map((i) => i.Id)).toEqual([7, 8]);
    } finally {
      await server.stop();
    }
  });
  it('a port that another process holds: one line naming the address and the flag, exit status 2', async () => {
    const holder = await startServer(['--catalog', files.path('good.json'), '--api-key', KEY, '--log-level', 'warn']);
    try {
      const port = new URL(holder.url).port;
      const service = await runServerToExit(['--catalog', files.path('good.json'), '--api-key', KEY, '--log-level', 'warn', '--port', port]);
      expect(service.code).toBe(2);
      expect(service.stderr).toBe(`catq-server: the service cannot listen on 127.0.0.1:${port}: another process listens there. Give another --port, or stop that process.\n`);
      const metrics = await runServerToExit(['--catalog', files.path('good.json'), '--api-key', KEY, '--log-level', 'warn', '--port', '0', '--metrics-port', port]);
      expect(metrics.code).toBe(2);
      expect(metrics.stderr).toBe(`catq-server: the metrics endpoint cannot listen on 127.0.0.1:${port}: another process listens there. Give another --metrics-port, or stop that process.\n`);
    } finally {
      await holder.stop();
    }
  });
  it('a --playground folder without the console: one line naming it, exit status 2', async () => {
    const r = await runServerToExit(['--catalog', files.path('good.json'), '--api-key', 'k', '--port', '0', '--playground', files.path('no-such-folder')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`catq-server: --playground "${files.path('no-such-folder')}" holds no index.html: give the folder of the console's build (packages/playground/dist, made by npm run build in packages/playground), or leave the flag out\n`);
    expect(r.stdout).toBe('');
  });
  it('--help prints the usage', async () => {
    const r = await runServerToExit(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--database-url URL/);
    // Each flag once, and the subcommands named.
    const flags = [...r.stdout.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]);
    expect(flags.length).toBeGreaterThan(20);
    expect(new Set(flags).size).toBe(flags.length);
    expect(r.stdout).toContain('catq-server keys new');
    expect(r.stdout).toContain('catq-server move-catalog');
    // Every log level the flag takes is listed.
    const levels = /^ {2}--log-level L +(.*)$/m.exec(r.stdout)?.[1] ?? '';
    for (const level of LOG_LEVELS) expect(levels).toMatch(new RegExp(`\\b${level}\\b`));
  });
});
