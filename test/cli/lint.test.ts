import { describe, expect, it } from 'vitest';
import { lint } from '../../src/editor/syntax-entry.js';
import { catq, hasStackTrace, sampleCatalog, tempDir, writeTemp } from './helpers.js';

const catalog = sampleCatalog();

describe('catq lint', () => {
  it('exits 0 and says so for a valid query', async () => {
    const r = await catq(['lint', 'brand = "Acme" and price < 20']);
    expect(r.code).toBe(0);
    expect(lint('brand = "Acme" and price < 20', catalog).diagnostics).toEqual([]);
    expect(r.stdout).toMatch(/no problems/);
  });

  it('exits 1 and renders every diagnostic with source line, caret and fix', async () => {
    const text = 'price < "20" and colour = "red"';
    const expected = lint(text, catalog).diagnostics;
    const r = await catq(['lint', text]);
    expect(r.code).toBe(1);
    for (const d of expected) {
      expect(r.stdout).toContain(`[${d.code}]`);
      const fix = d.fixes?.[0];
      if (fix) expect(r.stdout).toContain(fix.title);
    }
    expect(r.stdout).toContain(text); // the source line
    expect(r.stdout).toMatch(/\|\s+\^+/); // a caret line
  });

  it.each([
    ['infix', 'price < "20" and colour = "red" and in_stock = 1'],
    ['wire JSON', '[["price","20"],[["matches","brand"],"x"]]'],
    ['percent-encoded wire', encodeURIComponent('[["colour","red"],[["one-of","tags"],[]]]')],
    ['valid wire', '[["brand","Acme"]]'],
  ])('--format json gives exactly the library lint result (%s)', async (_name, text) => {
    const expected = lint(text, catalog);
    const r = await catq(['lint', '--format', 'json', text]);
    const out = JSON.parse(r.stdout) as { syntax: string; diagnostics: unknown[]; summary: { errors: number; warnings: number } };
    expect(out.syntax).toBe(expected.syntax);
    expect(out.diagnostics).toEqual(JSON.parse(JSON.stringify(expected.diagnostics)));
    const errors = expected.diagnostics.filter((d) => d.severity === 'error').length;
    expect(out.summary.errors).toBe(errors);
    expect(r.code).toBe(errors > 0 ? 1 : 0);
  });

  it('reads the query from standard input', async () => {
    const text = 'colour = "red"\n';
    const r = await catq(['lint', '--format', 'json'], { input: text });
    const out = JSON.parse(r.stdout) as { diagnostics: { code: string }[] };
    expect(out.diagnostics.map((d) => d.code)).toEqual(lint('colour = "red"', catalog).diagnostics.map((d) => d.code));
    expect(r.code).toBe(1);
  });

  it('treats - as standard input', async () => {
    const r = await catq(['lint', '-'], { input: '[["brand","Acme"]]' });
    expect(r.code).toBe(0);
  });

  it('an empty standard input is a clear usage error (exit 2)', async () => {
    for (const input of ['', '  \n\n']) {
      const r = await catq(['lint'], { input });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/standard input is empty/);
      expect(r.stderr).toMatch(/fix:/);
      expect(r.stdout).toBe('');
    }
  });

  it('a blank query argument is a usage error', async () => {
    const r = await catq(['lint', '   ']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/empty/);
  });

  describe('catalog files', () => {
    const dir = tempDir();

    it('a missing catalog file: exit 2, names the file and the fix', async () => {
      const path = `${dir}/no-such-catalog.json`;
      const r = await catq(['lint', '--catalog', path, '[]']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(path);
      expect(r.stderr).toMatch(/no such file/);
      expect(r.stderr).toMatch(/fix:.*--catalog/);
      expect(hasStackTrace(r.stderr)).toBe(false);
    });

    it('an invalid JSON catalog file: exit 2 with file, line and column', async () => {
      const path = writeTemp(dir, 'broken.json', '{\n  "Id": 1042,\n  "Name": "x",\n}\n');
      const r = await catq(['lint', '--catalog', path, '[]']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${path}:4:1`);
      expect(r.stderr).toMatch(/not valid JSON/);
      expect(hasStackTrace(r.stderr)).toBe(false);
    });

    it('an empty catalog file: exit 2', async () => {
      const path = writeTemp(dir, 'empty.json', '');
      const r = await catq(['lint', '--catalog', path, '[]']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/empty/);
    });

    it('catalog warnings go to standard error and do not stop the command', async () => {
      const { loadCatalog } = await import('../../src/catalog/index.js');
      const { readFileSync } = await import('node:fs');
      const { SAMPLE_CATALOG } = await import('./helpers.js');
      const withExtra = { ...(JSON.parse(readFileSync(SAMPLE_CATALOG, 'utf8')) as object), Colour: 'blue' };
      const warnings = loadCatalog(withExtra).diagnostics;
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings.every((d) => d.severity !== 'error')).toBe(true);
      const path = writeTemp(dir, 'extra-key.json', JSON.stringify(withExtra, null, 2));
      const r = await catq(['lint', '--catalog', path, 'brand = "Acme"']);
      expect(r.code).toBe(0);
      for (const d of warnings) expect(r.stderr).toContain(`[${d.code}]`);
      expect(r.stdout).toMatch(/no problems/);
    });

    it('a catalog with errors: every loadCatalog diagnostic, with the file name and JSON path, exit 2', async () => {
      const { loadCatalog } = await import('../../src/catalog/index.js');
      const bad = { Id: 5, Name: 'x', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [{ Attribute: 'title', Type: 'Text', Cardinality: 'Many' }] };
      const path = writeTemp(dir, 'bad-catalog.json', JSON.stringify(bad, null, 2));
      const expected = loadCatalog(bad).diagnostics.filter((d) => d.severity === 'error');
      expect(expected.length).toBeGreaterThan(0);
      const r = await catq(['lint', '--catalog', path, '[]']);
      expect(r.code).toBe(2);
      for (const d of expected) {
        expect(r.stderr).toContain(`[${d.code}]`);
        expect(r.stderr).toContain(`(at ${d.path})`);
      }
      expect(r.stderr).toContain(`${path}:`);
      expect(hasStackTrace(r.stderr)).toBe(false);
    });
  });
});
