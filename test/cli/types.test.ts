// `catq types` against a real catq-server process (PGlite) with a catalog of this test's own,
// whose attribute names hold quotes, backslashes, `*/`, line breaks, bidirectional controls and
// characters outside the BMP. The generated module is type-checked with the TypeScript compiler
// in a temporary project that imports the built package (node_modules/catq), as a user's would:
// a right builder call passes, a wrong field, value or operator fails with the expected error.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from '../../src/catalog/index.js';
import { catq, hasStackTrace, ROOT, tempDir, writeTemp } from './helpers.js';
import { startService, type ServiceProcess } from './service-process.js';

const KEY = 'types-test-key-51c0';
const CATALOG_ID = 5150;

const QUOTED = `it's "quoted"`;
const BACKSLASH = 'back\\slash\\';
const COMMENT_END = 'ends */ here';
const EMOJI = 'cup 🍵 size';
const LINE_BREAK = 'two\nlines\u2028sep';
const BIDI = 'abc\u202Edef';

const rawCatalog = {
  Type: 'Product',
  Name: 'Odd */ names "shop"',
  Id: CATALOG_ID,
  SearchableAttributes: [
    { Type: 'Text', Attribute: 'title', Cardinality: 'One' },
    { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: QUOTED, Type: 'String', Cardinality: 'One' },
    { Attribute: BACKSLASH, Type: 'Boolean', Cardinality: 'One' },
    { Attribute: COMMENT_END, Type: 'Number', Cardinality: 'Many' },
    { Attribute: EMOJI, Type: 'String', Cardinality: 'Many' },
    { Attribute: LINE_BREAK, Type: 'String', Cardinality: 'One' },
    { Attribute: BIDI, Type: 'Number', Cardinality: 'One' },
    { Attribute: 'maker', Type: 'Referenced', ReferenceId: 300, Cardinality: 'One' },
  ],
  Aliases: { Id: 'sku', Name: 'title', Brand: { Name: 'title', Id: 'maker' } },
  UIConfiguration: [{ Key: EMOJI, Label: 'Cup */ size', AllowedValues: ['S', 'M', 'L'], DisplayFilter: true }],
};
const catalog = loadCatalog(rawCatalog).catalog as Catalog;

const items = [
  { sku: 'a1', title: 'Green tea', price: 4, [EMOJI]: ['S'] },
  { sku: 'a2', title: 'Black tea', price: 6, [QUOTED]: 'x' },
];

let service: ServiceProcess;
const dir = tempDir();
const env = { CATQ_API_KEY: KEY };

beforeAll(async () => {
  service = await startService({ catalog: rawCatalog, items, apiKey: KEY });
});

afterAll(async () => {
  await service?.stop();
});

/** A temporary TypeScript project that depends on the built catq (a symlink, as `npm link` makes). */
function project(files: Record<string, string>): string {
  const root = tempDir();
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(ROOT, join(root, 'node_modules', 'catq'), 'dir');
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'app', type: 'module', private: true }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

/** Type-checks the project's files as `tsc --strict --noEmit` would; the errors as `file:line TScode`. */
function typeCheck(root: string, names: readonly string[]): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const program = ts.createProgram({ rootNames: names.map((n) => join(root, n)), options });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName.slice(root.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '(global)';
    return `${where} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 160)}`;
  });
}

const GOOD = `import { queryBuilder } from 'catq/builder';
import { catalog } from './catalog.js';

export const q = queryBuilder(catalog)
  .where('price', '<', 20)
  .where('title', 'matches', 'green tea')
  .where(${JSON.stringify(QUOTED)}, '=', 'x')
  .where(${JSON.stringify(BACKSLASH)}, '=', true)
  .where(${JSON.stringify(COMMENT_END)}, 'one-of', [1, 2])
  .where(${JSON.stringify(EMOJI)}, '=', 'S')
  .where(${JSON.stringify(LINE_BREAK)}, 'present?', true)
  .where(${JSON.stringify(BIDI)}, '>=', 3)
  .where('Brand.Id', '=', 12);
export const text: string = q.toInfix();
`;

describe('catq types --service', () => {
  let generated = '';
  let root = '';

  beforeAll(async () => {
    const r = await catq(['types', '--service', service.url, '--catalog', String(CATALOG_ID)], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    generated = r.stdout;
    root = project({
      'catalog.ts': generated,
      'good.ts': GOOD,
      'bad-field.ts': `import { queryBuilder } from 'catq/builder';\nimport { catalog } from './catalog.js';\nqueryBuilder(catalog).where('colour', '=', 'red');\n`,
      'bad-value.ts': `import { queryBuilder } from 'catq/builder';\nimport { catalog } from './catalog.js';\nqueryBuilder(catalog).where('price', '<', '20');\n`,
      'bad-operator.ts': `import { queryBuilder } from 'catq/builder';\nimport { catalog } from './catalog.js';\nqueryBuilder(catalog).where('price', 'matches', 'cheap');\n`,
      'bad-odd-name.ts': `import { queryBuilder } from 'catq/builder';\nimport { catalog } from './catalog.js';\nqueryBuilder(catalog).where(${JSON.stringify(EMOJI)}, '=', 3);\n`,
    });
  });

  it('the module type-checks, and a right builder call passes', () => {
    expect(typeCheck(root, ['catalog.ts', 'good.ts'])).toEqual([]);
  });

  it('a wrong field, a wrong value type, a wrong operator fail with the expected errors', () => {
    const errors = typeCheck(root, ['catalog.ts', 'good.ts', 'bad-field.ts', 'bad-value.ts', 'bad-operator.ts', 'bad-odd-name.ts']);
    expect(errors).toEqual([
      expect.stringMatching(/^bad-field\.ts:3 TS2345 Argument of type '"colour"' is not assignable to parameter of type/),
      expect.stringMatching(/^bad-odd-name\.ts:3 TS2345 Argument of type 'number' is not assignable to parameter of type 'string'/),
      expect.stringMatching(/^bad-operator\.ts:3 TS2345 Argument of type '"matches"' is not assignable to parameter of type/),
      expect.stringMatching(/^bad-value\.ts:3 TS2345 Argument of type 'string' is not assignable to parameter of type 'number'/),
    ]);
  });

  it('at run time the module exports the catalog the service holds (every name exact)', () => {
    const js = ts.transpileModule(generated, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
    writeFileSync(join(root, 'catalog.js'), js);
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `import { catalog } from './catalog.js'; process.stdout.write(JSON.stringify(catalog));`], { cwd: root, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const exported = JSON.parse(r.stdout) as Catalog;
    const byName = (c: Catalog) => ({ ...c, SearchableAttributes: [...(c.SearchableAttributes ?? [])].sort((a, b) => (a.Attribute < b.Attribute ? -1 : 1)) });
    expect(byName(exported)).toEqual(byName(catalog));
  });

  it('has a header saying how it was made and how to make it again, with no key in it', () => {
    const lines = generated.split('\n');
    expect(lines[0]).toBe(`// Generated by \`catq types\` (catq ${(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version}) from the service at ${service.url} (Get Catalog).`);
    expect(generated).toContain(`//   catq types --service ${service.url} --catalog ${CATALOG_ID}\n`);
    expect(generated).not.toContain(KEY);
    // Every comment is one line that ends where it should: the catalog's name holds `*/` and quotes.
    const comments = generated.match(/\/\*[\s\S]*?\*\//g) ?? [];
    expect(comments).toEqual([`/** Catalog ${CATALOG_ID} "Odd *\\/ names \\"shop\\"", checked by defineCatalog when the module loads. */`]);
  });

  it('escapes what would read differently than it compiles, and keeps other characters as they are', () => {
    expect(generated).toContain(`Attribute: 'it\\'s "quoted"'`);
    expect(generated).toContain(`Attribute: 'back\\\\slash\\\\'`);
    expect(generated).toContain(`Attribute: 'ends */ here'`);
    expect(generated).toContain(`Attribute: 'cup 🍵 size'`);
    expect(generated).toContain(`Attribute: 'two\\nlines\\u2028sep'`);
    expect(generated).toContain(`Attribute: 'abc\\u202Edef'`);
    expect(generated).not.toMatch(/[\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    expect(generated.split('\n').every((l) => !l.includes('\r'))).toBe(true);
  });

  it('is stable: the same catalog with keys and attributes in another order gives the same module', async () => {
    const shuffled = { ...rawCatalog, SearchableAttributes: [...rawCatalog.SearchableAttributes].reverse() };
    const reordered = Object.fromEntries(Object.entries(shuffled).reverse());
    const file = writeTemp(dir, 'catalog.json', JSON.stringify(rawCatalog));
    const a = await catq(['types', '--catalog', file]);
    writeTemp(dir, 'catalog.json', JSON.stringify(reordered, null, 2));
    const b = await catq(['types', '--catalog', file]);
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    // The service's catalog and the file's give the same body; only the header says where it came from.
    const body = (text: string) => text.slice(text.indexOf('import '));
    expect(body(a.stdout)).toBe(body(generated));
    const names = [...generated.matchAll(/Attribute: ('(?:[^'\\]|\\.)*')/g)].map((m) => m[1]);
    expect(names.length).toBe(rawCatalog.SearchableAttributes.length);
  });

  it('--out writes the file; --name names the constant', async () => {
    const out = join(dir, 'gen', 'shop-catalog.ts');
    const r = await catq(['types', '--service', service.url, '--catalog', String(CATALOG_ID), '--out', out, '--name', 'shop'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^wrote .*shop-catalog\.ts \(catalog 5150, 10 searchable attributes\)/);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('export const shop = defineCatalog({');
    expect(text).toContain(`--out ${out} --name shop`);
    const bad = await catq(['types', '--catalog', writeTemp(dir, 'c.json', JSON.stringify(rawCatalog)), '--name', 'class']);
    expect(bad.code).toBe(2);
  });

  it('--check: exit 0 while the file is up to date, exit 1 naming the changed attributes once the catalog changes', async () => {
    const file = writeTemp(dir, 'check-catalog.json', JSON.stringify(rawCatalog));
    const out = join(dir, 'check', 'catalog.ts');
    expect((await catq(['types', '--catalog', file, '--out', out])).code).toBe(0);
    const same = await catq(['types', '--catalog', file, '--out', out, '--check']);
    expect(same.code).toBe(0);
    expect(same.stderr).toMatch(/is up to date with catalog 5150/);
    // Saved again by an editor with a byte order mark and CRLF line ends: still the same module.
    const written = readFileSync(out, 'utf8');
    writeFileSync(out, '\ufeff' + written.replace(/\n/g, '\r\n'));
    expect((await catq(['types', '--catalog', file, '--out', out, '--check'])).code).toBe(0);
    writeFileSync(out, written);
    const changed = { ...rawCatalog, SearchableAttributes: rawCatalog.SearchableAttributes.map((a) => (a.Attribute === 'price' ? { ...a, Attribute: 'unit_price' } : a)) };
    writeTemp(dir, 'check-catalog.json', JSON.stringify(changed));
    const before = readFileSync(out, 'utf8');
    const stale = await catq(['types', '--catalog', file, '--out', out, '--check']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/is out of date: catalog 5150 has changed/);
    expect(stale.stderr).toContain(`  - { Attribute: 'price', Cardinality: 'One', Type: 'Number' },`);
    expect(stale.stderr).toContain(`  + { Attribute: 'unit_price', Cardinality: 'One', Type: 'Number' },`);
    expect(readFileSync(out, 'utf8')).toBe(before);
    expect((await catq(['types', '--catalog', file, '--check'])).code).toBe(2);
  });

  it('service failures: a wrong key and an unknown catalog exit 4, one line each', async () => {
    const wrong = await catq(['types', '--service', service.url, '--catalog', String(CATALOG_ID)], { env: { CATQ_API_KEY: 'wrong-key' } });
    expect(wrong.code).toBe(4);
    expect(wrong.stderr.split('\n')[0]).toMatch(/refused the API key \(401\)/);
    const unknown = await catq(['types', '--service', service.url, '--catalog', '999'], { env });
    expect(unknown.code).toBe(4);
    expect(unknown.stderr.split('\n')[0]).toMatch(/has no catalog 999 \(404\)/);
    expect(hasStackTrace(wrong.stderr + unknown.stderr)).toBe(false);
  });

  it('usage errors: no catalog, a catalog id that is not one, a key as an argument (exit 2)', async () => {
    expect((await catq(['types'])).code).toBe(2);
    const id = await catq(['types', '--catalog', String(CATALOG_ID)]);
    expect(id.code).toBe(2);
    expect(id.stderr).toMatch(/looks like a catalog id, and a catalog id needs --service/);
    expect((await catq(['types', '--service', service.url, '--catalog', 'shop.json'], { env })).code).toBe(2);
    const arg = await catq(['types', '--service', service.url, '--catalog', String(CATALOG_ID), '--api-key', KEY]);
    expect(arg.code).toBe(2);
    expect(arg.stderr).not.toContain(KEY);
  });
});

describe('docs/sdk.md, "Types for a live catalog"', () => {
  it('shows the module catq types writes for its catalog, byte for byte but the header', async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'sdk.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### Types for a live catalog'));
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const shown = block.slice(block.indexOf("import { defineCatalog } from 'catq/builder';"), block.indexOf('\n// The application') + 1);
    const shop = {
      Id: 700,
      Name: 'Outdoor shop',
      Type: 'Product',
      Aliases: { Id: 'sku', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand' } },
      SearchableAttributes: [
        { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
        { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
        { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
        { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
        { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
        { Attribute: 'brand_id', Type: 'Referenced', ReferenceId: 300, Cardinality: 'One' },
        { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
      ],
    };
    const r = await catq(['types', '--catalog', writeTemp(tempDir(), 'shop.json', JSON.stringify(shop))]);
    expect(r.code).toBe(0);
    expect(shown.length).toBeGreaterThan(100);
    expect(shown).toBe(r.stdout.slice(r.stdout.indexOf('import ')) + '\n');
    // The header as the service form writes it.
    const header = r.stdout.slice(0, r.stdout.indexOf('import ')).replace(/from the file \S+\./, 'from the service at https://catalog.example.com (Get Catalog).').replace(/catq types --catalog \S+/, 'catq types --service https://catalog.example.com --catalog 700 --out src/catalog.ts');
    expect(block).toContain(header);
  });
});

// Audit (CLI) items 5 and 13: --check failed ("catalog N has changed") when only the header
// differed (--out written another way, another directory); --out DIR left DIR.<pid>.tmp behind.
describe('catq types --out and --check, run another way', () => {
  const sample = join(ROOT, 'examples', 'catalog.json');

  it('--check passes when only the header comment differs; a change below it still fails', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'gen'));
    expect((await catq(['types', '--catalog', sample, '--out', 'gen/catalog.ts'], { cwd: dir })).code).toBe(0);
    const same = await catq(['types', '--catalog', sample, '--out', './gen/catalog.ts', '--check'], { cwd: dir });
    expect(same.stderr).toContain('is up to date');
    expect(same.code).toBe(0);
    const fromAbove = await catq(['types', '--catalog', sample, '--out', join(dir, 'gen', 'catalog.ts'), '--check'], { cwd: ROOT });
    expect(fromAbove.code).toBe(0);
    const file = join(dir, 'gen', 'catalog.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace("Attribute: 'brand'", "Attribute: 'brandx'"));
    const changed = await catq(['types', '--catalog', sample, '--out', 'gen/catalog.ts', '--check'], { cwd: dir });
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain("brandx");
  });

  it('--out naming a directory: "it is a directory", exit 2, and no temporary file left', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'out'));
    const r = await catq(['types', '--catalog', sample, '--out', join(dir, 'out')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('it is a directory');
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(dir)).toEqual(['out']);
  });
});
