// `catq preflight --service` against a real catq-server process on the PostgreSQL server, with a
// catalog and items of this test's own: the counts agree with the evaluator (`filter`) on the
// same items, the verdict and the output agree with the local preflight on the same files, and
// every way the service fails is one line and its own exit status.
import { chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from '../../src/catalog/index.js';
import { lint } from '../../src/editor/syntax-entry.js';
import { filter } from '../../src/eval/index.js';
import { compareIds, itemId } from '../../src/listing/index.js';
import { encode } from '../../src/wire/index.js';
import { catq, hasStackTrace, tempDir, writeTemp, type Run } from './helpers.js';
import { startService, type ServiceProcess } from './service-process.js';

const KEY = 'cli-test-key-7f3a9c';
const CATALOG_ID = 4242;

const rawCatalog = {
  Id: CATALOG_ID,
  Name: 'Tea shop',
  Type: 'Product',
  Aliases: { Id: 'sku', Name: 'title', Brand: { Id: 'estate_id', Name: 'estate' } },
  SearchableAttributes: [
    { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'estate', Type: 'String', Cardinality: 'One' },
    { Attribute: 'estate_id', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
  ],
};
const catalog: Catalog = loadCatalog(rawCatalog).catalog as Catalog;

/** 2,400 teas: three pages of 1000 when counted through the service. */
const items = Array.from({ length: 2400 }, (_, i) => {
  const estates = ['Makaibari', 'Glenburn', 'Jun Chiyabari', 'Satemwa'];
  const kinds = ['green', 'black', 'oolong', 'white', 'pu-erh'];
  const tags = [['organic'], ['first-flush'], [], ['organic', 'rare'], ['sale']][i % 5] as string[];
  return {
    sku: `T${String(i).padStart(5, '0')}`,
    title: `${estates[i % 4]} ${kinds[(i * 7) % 5]} tea no. ${i}`,
    price: (i * 37) % 200,
    estate: estates[i % 4],
    estate_id: 10 + (i % 4),
    tags,
    in_stock: i % 4 !== 3,
  };
});

interface PreflightJson {
  safe: boolean;
  source: string;
  service?: { url: string; catalogId: number };
  query: unknown;
  diagnostics: { code: string }[];
  summary: unknown;
  items: { path: string; total: number; matches: number; share: number; examples: { Id: string; Name?: string }[]; totalIsLowerBound: boolean; matchesIsLowerBound: boolean } | null;
  findings: { kind: string; unsafe: boolean }[];
}

/** The ids of the items the evaluator says match, in id order. */
function expectedIds(text: string): string[] {
  const q = lint(text, catalog).query;
  if (!q) throw new Error(`test query ${text} is not valid`);
  return filter(items, q, catalog)
    .map((i) => itemId(i, catalog) as string)
    .sort(compareIds);
}

let service: ServiceProcess;
const dir = tempDir();
const catalogFile = writeTemp(dir, 'catalog.json', JSON.stringify(rawCatalog));
const itemsFile = writeTemp(dir, 'items.ndjson', items.map((i) => JSON.stringify(i)).join('\n') + '\n');
const keyFile = writeTemp(dir, 'key.txt', `${KEY}\n`);
chmodSync(keyFile, 0o600);
const env = { CATQ_API_KEY: KEY };

function job(name: string, q: string, catalogId: unknown = CATALOG_ID): string {
  const query = lint(q, catalog).query;
  return writeTemp(dir, name, JSON.stringify({ Task: 'create-ads-from-product-query', Parameters: { CatalogId: catalogId, ItemType: 'product', q: query ? encode(query) : q } }));
}

function json(r: Run): PreflightJson {
  try {
    return JSON.parse(r.stdout) as PreflightJson;
  } catch {
    throw new Error(`not JSON (exit ${r.code}): ${r.stdout}\n${r.stderr}`);
  }
}

beforeAll(async () => {
  service = await startService({ catalog: rawCatalog, items, apiKey: KEY, postgres: true });
});

afterAll(async () => {
  await service?.stop();
});

describe('catq preflight --service', () => {
  const cases = [
    { name: 'a narrow query', q: 'price < 20 and tags one-of ["organic"]' },
    { name: 'a broad query', q: 'in_stock = true' },
    { name: 'a query matching nothing', q: 'estate = "Nowhere"' },
    { name: 'the empty query', q: '[]' },
    { name: 'a text query', q: 'title matches "oolong" and Brand.Name = "Glenburn"' },
  ];

  for (const c of cases) {
    it(`${c.name}: counts, examples and verdict as the evaluator and the local preflight give them`, async () => {
      const ids = expectedIds(c.q);
      const file = job(`${c.name.replace(/\W+/g, '-')}.json`, c.q);
      const r = await catq(['preflight', '--job', file, '--service', service.url, '--format', 'json'], { env });
      const out = json(r);
      expect(out.items?.total).toBe(items.length);
      expect(out.items?.matches).toBe(ids.length);
      expect(out.items?.examples.map((e) => e.Id)).toEqual(ids.slice(0, 5));
      expect(out.items?.path).toBe(`${service.url}/v1/catalog/${CATALOG_ID}/product`);
      expect(out.service).toEqual({ url: service.url, catalogId: CATALOG_ID });
      // The local preflight on the same catalog and items: the same verdict, exit status and output, but where the items were.
      const local = await catq(['preflight', '--job', file, '--catalog', catalogFile, '--items', itemsFile, '--format', 'json']);
      expect(r.code).toBe(local.code);
      const { service: _s, items: liveItems, ...liveRest } = out;
      const { items: localItems, ...localRest } = json(local);
      expect(liveRest).toEqual(localRest);
      // The network in each Uri is the service's (a file has none: 0).
      const sameNetwork = (i: PreflightJson['items']) => ({ ...i, path: '', examples: i?.examples.map((e) => ({ ...e, Uri: (e as { Uri?: string }).Uri?.replace(/^itemdb:\/\/\d+\//, 'itemdb://N/') })) });
      expect(sameNetwork(liveItems)).toEqual(sameNetwork(localItems));
      expect(r.stderr).toBe('');
    });
  }

  it('the verdicts of the cases are the ones meant (safe, broad, none, all)', async () => {
    const verdict = async (q: string) => {
      const r = await catq(['preflight', '--service', service.url, '--catalog', String(CATALOG_ID), '--format', 'json', q], { env });
      return { code: r.code, kinds: json(r).findings.map((f) => f.kind) };
    };
    expect(await verdict('price < 20 and tags one-of ["organic"]')).toEqual({ code: 0, kinds: [] });
    expect(await verdict('in_stock = true')).toEqual({ code: 1, kinds: ['broad-match'] });
    expect(await verdict('estate = "Nowhere"')).toEqual({ code: 1, kinds: ['no-match'] });
    expect(await verdict('[]')).toEqual({ code: 1, kinds: ['all-match'] });
  });

  it('the text report names the service, the catalog and the counts', async () => {
    const q = 'price < 20 and tags one-of ["organic"]';
    const r = await catq(['preflight', '--service', service.url, '--catalog', String(CATALOG_ID), q], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`catalog: ${CATALOG_ID} "Tea shop" at ${service.url}`);
    expect(r.stdout).toContain(`${expectedIds(q).length} of ${items.length} items match`);
    expect(r.stdout).toMatch(/✓ safe to submit/);
  });

  describe('--max-items', () => {
    it('a narrow query: exact matches under the cap, the total a lower bound; safe when the share is shown to be small', async () => {
      const q = 'price < 20 and tags one-of ["organic"]';
      const n = expectedIds(q).length;
      const r = await catq(['preflight', '--service', service.url, '--catalog', String(CATALOG_ID), '--max-items', '1500', '--format', 'json', q], { env });
      const out = json(r);
      expect(out.items).toMatchObject({ matches: n, total: 1500, matchesIsLowerBound: false, totalIsLowerBound: true });
      expect(n / 1500).toBeLessThan(0.5);
      expect(r.code).toBe(0);
      const text = await catq(['preflight', '--service', service.url, '--catalog', String(CATALOG_ID), '--max-items', '1500', q], { env });
      expect(text.stdout).toContain(`${n} of at least 1500 items match (at most`);
    });

    it('a broad query the cap cuts short: both counts lower bounds, and the undecided share is not safe', async () => {
      const r = await catq(['preflight', '--service', service.url, '--catalog', String(CATALOG_ID), '--max-items', '700', '--format', 'json', 'in_stock = true'], { env });
      const out = json(r);
      expect(out.items).toMatchObject({ matches: 700, total: 700, matchesIsLowerBound: true, totalIsLowerBound: true });
      expect(out.findings.map((f) => f.kind)).toEqual(['count-capped']);
      expect(r.code).toBe(1);
    });

    it('a cap above the catalog changes nothing', async () => {
      const r = await catq(['preflight', '--service', service.url, '--catalog', String(CATALOG_ID), '--max-items', '2400', '--format', 'json', 'in_stock = true'], { env });
      expect(json(r).items).toMatchObject({ matches: expectedIds('in_stock = true').length, total: 2400, matchesIsLowerBound: false, totalIsLowerBound: false });
    });

    it('is a usage error without --service, or when it is not a whole number', async () => {
      expect((await catq(['preflight', '--max-items', '10', 'price < 3'])).code).toBe(2);
      expect((await catq(['preflight', '--service', service.url, '--catalog', String(CATALOG_ID), '--max-items', '0', 'price < 3'], { env })).code).toBe(2);
    });
  });

  it('shows a progress bar on a terminal while it walks several pages', async () => {
    // `script` gives the CLI a pseudo-terminal, as a person's shell would.
    const cli = ['node', process.env.CATQ_CLI ?? 'dist/cli.js', 'preflight', '--service', service.url, '--catalog', String(CATALOG_ID), 'in_stock = true'];
    const tty = await runInTerminal(cli.map(shellWord).join(' '));
    expect(tty).toMatch(/counting (matches|items) \d+ items \| \d+ pages/);
    const quiet = await runInTerminal([...cli, '--no-progress'].map(shellWord).join(' '));
    expect(quiet).not.toMatch(/counting/);
    expect(quiet).toMatch(/not safe to submit/);
  });

  it('a query with errors: exit 1, every diagnostic of the live catalog, nothing counted', async () => {
    const q = 'price < "20" and colour = "green"';
    const r = await catq(['preflight', '--job', job('bad.json', q), '--service', service.url, '--format', 'json'], { env });
    expect(r.code).toBe(1);
    const out = json(r);
    expect(out.diagnostics.map((d) => d.code)).toEqual(lint(q, catalog).diagnostics.map((d) => d.code));
    expect(out.diagnostics.map((d) => d.code)).toContain('schema/unknown-field');
    expect(out.items).toBeNull();
    expect(out.findings.map((f) => f.kind)).toEqual(['query-errors']);
  });

  it('the key from --api-key-file; never as an argument', async () => {
    const r = await catq(['preflight', '--api-key-file', keyFile, '--service', service.url, '--catalog', String(CATALOG_ID), '--no-items', 'price < 3'], { env: { CATQ_API_KEY: undefined } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const shared = writeTemp(dir, 'shared-key.txt', `${KEY}\n`);
    chmodSync(shared, 0o644);
    const warned = await catq(['preflight', '--api-key-file', shared, '--service', service.url, '--catalog', String(CATALOG_ID), '--no-items', 'price < 3'], { env: { CATQ_API_KEY: undefined } });
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(/can be read by other users; chmod 600 it/);
    const withPassword = await catq(['preflight', '--service', service.url.replace('http://', 'http://user:hunter2@'), '--catalog', String(CATALOG_ID), 'price < 3'], { env });
    expect(withPassword.code).toBe(2);
    expect(withPassword.stderr).not.toContain('hunter2');
    const arg = await catq(['preflight', '--api-key', KEY, '--service', service.url, '--catalog', String(CATALOG_ID), 'price < 3'], { env: { CATQ_API_KEY: undefined } });
    expect(arg.code).toBe(2);
    expect(arg.stderr).toMatch(/--api-key is not accepted/);
    expect(arg.stderr).not.toContain(KEY);
    const none = await catq(['preflight', '--service', service.url, '--catalog', String(CATALOG_ID), 'price < 3'], { env: { CATQ_API_KEY: undefined } });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/CATQ_API_KEY/);
  });

  it('a wrong key: one line, exit 4, the key not shown', async () => {
    const wrong = 'not-the-key-0000';
    const r = await catq(['preflight', '--job', job('ok.json', 'price < 3'), '--service', service.url], { env: { CATQ_API_KEY: wrong } });
    expect(r.code).toBe(4);
    expect(errorLines(r)).toEqual([expect.stringMatching(/^catq: error: the service at http:\/\/127\.0\.0\.1:\d+ refused the API key \(401\)/)]);
    expect(r.stderr).not.toContain(wrong);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.stdout).toBe('');
  });

  it('an unknown catalog: one line, exit 4', async () => {
    const r = await catq(['preflight', '--job', job('other.json', 'price < 3', 999), '--service', service.url], { env });
    expect(r.code).toBe(4);
    expect(errorLines(r)).toEqual([expect.stringMatching(/has no catalog 999 \(404\)/)]);
    const bad = await catq(['preflight', '--job', job('not-id.json', 'price < 3', 'tea'), '--service', service.url], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/CatalogId "tea" is not a catalog id/);
  });

  it('--catalog ID other than the job\'s CatalogId is unsafe, as it is locally', async () => {
    const r = await catq(['preflight', '--job', job('elsewhere.json', 'price < 3', 4243), '--catalog', String(CATALOG_ID), '--service', service.url, '--format', 'json'], { env });
    expect(r.code).toBe(1);
    expect(json(r).findings.map((f) => f.kind)).toContain('other-catalog');
  });

  it('--items with --service is a usage error', async () => {
    const r = await catq(['preflight', '--items', itemsFile, '--service', service.url, '--catalog', String(CATALOG_ID), 'price < 3'], { env });
    expect(r.code).toBe(2);
  });

  it('a service whose database is gone answers 503: one line, exit 5', async () => {
    await service.dropDatabase();
    const r = await catq(['preflight', '--job', job('late.json', 'price < 3'), '--service', service.url], { env });
    expect(r.code).toBe(5);
    expect(errorLines(r)).toEqual([expect.stringMatching(/is unavailable \(503/)]);
  });

  it('an unreachable service: one line, exit 5', async () => {
    const port = await closedPort();
    const r = await catq(['preflight', '--job', job('gone.json', 'price < 3'), '--service', `http://127.0.0.1:${port}`], { env });
    expect(r.code).toBe(5);
    expect(errorLines(r)).toEqual([expect.stringMatching(/^catq: error: cannot reach the service at http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\)\.$/)]);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });
});

/** The error lines of standard error (the `fix:` line aside). */
function errorLines(r: Run): string[] {
  return r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('fix:'));
}

/** A port nothing listens on: bound once, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function shellWord(w: string): string {
  return `'${w.replace(/'/g, `'\\''`)}'`;
}

/** Runs a shell command on a pseudo-terminal (`script`); resolves to everything it wrote. */
async function runInTerminal(command: string): Promise<string> {
  const { spawn } = await import('node:child_process');
  const { ROOT } = await import('./helpers.js');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, CATQ_API_KEY: KEY, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}
