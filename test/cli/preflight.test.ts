import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/eval/index.js';
import { lint } from '../../src/editor/syntax-entry.js';
import { catq, SAMPLE_JOB, sampleCatalog, sampleItems, tempDir, writeTemp } from './helpers.js';

const catalog = sampleCatalog();
const items = sampleItems();

interface PreflightJson {
  safe: boolean;
  diagnostics: { code: string }[];
  items: { total: number; matches: number; examples: { Id: number }[] } | null;
  findings: { kind: string; unsafe: boolean }[];
}

function count(text: string): number {
  const q = lint(text, catalog).query;
  if (!q) throw new Error('test query is not valid');
  const p = compile(q, catalog);
  return items.filter((i) => p(i)).length;
}

describe('catq preflight', () => {
  it('checks the example job at /Parameters/q: counts agree with the library', async () => {
    const job = JSON.parse(readFileSync(SAMPLE_JOB, 'utf8')) as { Parameters: { q: string } };
    const expected = count(job.Parameters.q);
    const r = await catq(['preflight', '--job', SAMPLE_JOB, '--format', 'json']);
    const out = JSON.parse(r.stdout) as PreflightJson;
    expect(out.items?.matches).toBe(expected);
    expect(out.items?.total).toBe(items.length);
    const safe = expected > 0 && expected / items.length <= 0.5;
    expect(out.safe).toBe(safe);
    expect(r.code).toBe(safe ? 0 : 1);
    expect(out.items?.examples.length).toBe(Math.min(5, expected));
  });

  it('the text report names the job, the count and the verdict', async () => {
    const r = await catq(['preflight', '--job', SAMPLE_JOB]);
    expect(r.stdout).toContain('job.json#/Parameters/q');
    expect(r.stdout).toMatch(/of 3000 items match/);
    expect(r.stdout).toMatch(r.code === 0 ? /safe to submit/ : /not safe to submit/);
  });

  it('a query that matches everything is unsafe (exit 1)', async () => {
    const r = await catq(['preflight', '--format', 'json', '[]']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as PreflightJson;
    expect(out.findings.map((f) => f.kind)).toContain('all-match');
  });

  it('a broad query over --max-share is unsafe; raising --max-share makes it safe', async () => {
    const text = 'in_stock = true';
    const share = count(text) / items.length;
    expect(share).toBeGreaterThan(0.5);
    const r = await catq(['preflight', '--format', 'json', text]);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as PreflightJson).findings.map((f) => f.kind)).toContain('broad-match');
    const ok = await catq(['preflight', '--max-share', '0.99', text]);
    expect(ok.code).toBe(0);
  });

  it('a query that matches nothing is unsafe (exit 1)', async () => {
    const text = 'brand = "No such brand"';
    expect(count(text)).toBe(0);
    const r = await catq(['preflight', '--format', 'json', text]);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as PreflightJson).findings.map((f) => f.kind)).toContain('no-match');
  });

  it('a query with errors is unsafe, with every diagnostic', async () => {
    const text = 'price < "20" and colour = "red"';
    const r = await catq(['preflight', '--format', 'json', text]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as PreflightJson;
    expect(out.diagnostics.map((d) => d.code)).toEqual(lint(text, catalog).diagnostics.map((d) => d.code));
    expect(out.items).toBeNull();
  });

  it('--no-items checks only the query', async () => {
    const r = await catq(['preflight', '--no-items', '--format', 'json', 'brand = "Acme"']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as PreflightJson).items).toBeNull();
  });

  describe('job files', () => {
    const dir = tempDir();

    it('--query-path reads the query elsewhere in the job; an array value is a wire query', async () => {
      const job = writeTemp(dir, 'job.json', JSON.stringify({ Task: 'create-ads-from-product-query', Settings: { Query: [['brand', 'Acme'], [['<', 'price'], 100]] } }));
      const r = await catq(['preflight', '--job', job, '--query-path', '/Settings/Query', '--format', 'json']);
      expect((JSON.parse(r.stdout) as PreflightJson).items?.matches).toBe(count('brand = "Acme" and price < 100'));
    });

    it('nothing at the pointer: exit 2, with the keys that are there', async () => {
      const r = await catq(['preflight', '--job', SAMPLE_JOB, '--query-path', '/Parameters/query']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/nothing at \/Parameters\/query/);
      expect(r.stderr).toMatch(/q/);
    });

    it('a missing or invalid job file: exit 2', async () => {
      const missing = await catq(['preflight', '--job', `${dir}/nope.json`]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/job file/);
      const bad = writeTemp(dir, 'bad.json', '{"Parameters": {"q": "x"');
      const invalid = await catq(['preflight', '--job', bad]);
      expect(invalid.code).toBe(2);
      expect(invalid.stderr).toMatch(/not valid JSON/);
    });

    it('a query argument together with --job is a usage error', async () => {
      const r = await catq(['preflight', '--job', SAMPLE_JOB, 'brand = "Acme"']);
      expect(r.code).toBe(2);
    });
  });
});

// Audit (CLI) item 10: conflicting flags were accepted in silence (--no-items / --items gave
// opposite verdicts by their order; --dialect and --table meant nothing with --to mongo).
describe('conflicting flags are usage errors naming both', () => {
  it('--no-items with --items (either order), --query-path without --job', async () => {
    const { SAMPLE_ITEMS } = await import('./helpers.js');
    for (const args of [['--items', SAMPLE_ITEMS, '--no-items'], ['--no-items', '-i', SAMPLE_ITEMS]]) {
      const r = await catq(['preflight', ...args, 'price < 5']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--no-items and (--items|-i) cannot be used together/);
    }
    const q = await catq(['preflight', '--query-path', '/q', 'price < 5']);
    expect(q.code).toBe(2);
    expect(q.stderr).toContain('--query-path applies to --job only');
  });

  it('compile --to mongo with --dialect, --table or --column', async () => {
    for (const flag of [['--dialect', 'mysql'], ['--table', 't'], ['--column', 'c']]) {
      const r = await catq(['compile', '--to', 'mongo', ...flag, 'price < 5']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${flag[0]} and --to mongo cannot be used together`);
      expect(r.stdout).toBe('');
    }
    expect((await catq(['compile', '--to', 'sql', '--dialect', 'mysql', '--table', 't', 'price < 5'])).code).toBe(0);
  });
});

// Audit (CLI) item 21: "50% of the items match, more than --max-share 50%" for 50.02%.
describe('the share over --max-share is shown with the digits that make it more', () => {
  it('1001 of 2001 items: 50.02%, more than 50%; --max-share 0.4999 is written 49.99%', async () => {
    const lines = Array.from({ length: 2001 }, (_, i) => JSON.stringify({ id: i + 1, price: i < 1001 ? 1 : 9, title: 't' })).join('\n') + '\n';
    const file = writeTemp(tempDir(), 'share.ndjson', lines);
    const r = await catq(['preflight', 'price < 5', '--items', file, '--examples', '0']);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('50.02% of the items match, more than --max-share 50%');
    const low = await catq(['preflight', 'price < 5', '--items', file, '--examples', '0', '--max-share', '0.4999']);
    expect(low.stdout + low.stderr).toContain('more than --max-share 49.99%');
  });
});

// Audit (CLI) item 20: "it is object." for a job whose query is an object.
it('a job whose query is an object says "it is an object"', async () => {
  const job = writeTemp(tempDir(), 'job.json', JSON.stringify({ Parameters: { q: { brand: 'x' } } }));
  const r = await catq(['preflight', '--job', job]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('is not a query: it is an object.');
});
