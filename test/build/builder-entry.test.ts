import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// `catq/builder` is its own entry (ESM and CommonJS) resolved through the exports map, with no
// dependency beyond catq's own lazily loaded helpers. Each entry bundles its own copy of the
// classes: a builder or a QueryError from one copy is recognised by another. `npm test` builds
// dist/ first.
const dist = join(__dirname, '..', '..', 'dist');

type BuilderModule = {
  queryBuilder: (catalog: unknown) => { where(f: string, o: string, v: unknown): { toQ(): string; toInfix(): string } };
  isQueryBuilder: (v: unknown) => boolean;
  QueryBuilder: abstract new (...args: never[]) => unknown;
};

const catalog = { Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [{ Attribute: 'price', Type: 'Number', Cardinality: 'One' }] };

describe('catq/builder entry', () => {
  it('is built in both formats with types', () => {
    for (const f of ['builder.js', 'builder.cjs', 'builder.d.ts', 'builder.d.cts']) expect(existsSync(join(dist, f)), f).toBe(true);
  });

  it('imports nothing but catq\'s error-path helpers loader (never the infix parser)', () => {
    const text = readFileSync(join(dist, 'builder.js'), 'utf8');
    const staticImports = [...text.matchAll(/^\s*import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]);
    expect(staticImports).toEqual(['#catq/load-helpers']);
    expect(text).not.toMatch(/chevrotain|\brequire\(/);
  });

  it('resolves as catq/builder from ESM and CommonJS, and each copy recognises the other\'s builders and errors', async () => {
    // Through a variable: the type checker runs before the build.
    const entry: string = 'catq/builder';
    const root: string = 'catq';
    const esm = (await import(entry)) as BuilderModule;
    const cjs = createRequire(import.meta.url)('catq/builder') as BuilderModule;
    const { QueryError } = (await import(root)) as { QueryError: abstract new (...args: never[]) => Error };
    const fromEsm = esm.queryBuilder(catalog).where('price', '<', 20);
    const fromCjs = cjs.queryBuilder(catalog).where('price', '<', 20);
    expect(fromCjs.toQ()).toBe(fromEsm.toQ());
    expect(fromEsm.toInfix()).toBe('price < 20');
    expect(esm.isQueryBuilder(fromCjs)).toBe(true);
    expect(fromCjs).toBeInstanceOf(esm.QueryBuilder);
    expect(fromEsm).toBeInstanceOf(cjs.QueryBuilder);
    let thrown: unknown;
    try {
      cjs.queryBuilder(catalog).where('prce', '<', 20);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(QueryError);
  });

  it('types a consumer importing catq/builder from the built declarations (NodeNext)', () => {
    const dir = join(__dirname, '..', '..', 'test-artifacts', 'builder-consumer');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'consumer.mts');
    writeFileSync(
      file,
      [
        "import { queryBuilder } from 'catq/builder';",
        "const b = queryBuilder({ Id: 100, Name: 'c', Type: 'Product', Aliases: { Id: 'id' }, SearchableAttributes: [{ Attribute: 'price', Type: 'Number', Cardinality: 'One' }] });",
        "export const q: string = b.where('price', '<', 20).toQ();",
        '// @ts-expect-error: a Number takes a number',
        "b.where('price', '<', '20');",
        '',
      ].join('\n'),
    );
    const options: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, skipLibCheck: true, types: [] };
    const program = ts.createProgram({ rootNames: [file], options });
    expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    // An .mts file imports in ESM mode, through the exports map's "import" condition.
    const resolved = ts.resolveModuleName('catq/builder', file, options, ts.sys, undefined, undefined, ts.ModuleKind.ESNext).resolvedModule?.resolvedFileName ?? '';
    expect(resolved.endsWith(join('dist', 'builder.d.ts'))).toBe(true);
  });
});
