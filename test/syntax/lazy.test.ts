/**
 * Importing the syntax stage must not load Chevrotain (its own file: the grammar tests load it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url);

describe('lazy loading', () => {
  test('importing the syntax stage does not load Chevrotain, nor does parsing valid text; the first invalid text does', async () => {
    // From the sources Chevrotain comes from dist/vendor (after a build) or the development dependency.
    const loaded = (): boolean => Object.keys(require.cache).some((k) => k.includes('/node_modules/chevrotain/') || k.includes('/dist/vendor/chevrotain'));
    expect(loaded()).toBe(false);
    const syntax = await import('../../src/syntax/index.js');
    syntax.format({ kind: 'query', clauses: [] });
    syntax.detectSyntax('a = 1');
    expect(loaded()).toBe(false);
    // valid text is read by the fast path (fast-parse.ts)
    expect(syntax.parse('a = 1 and b in ["x", 2] and c is present').query?.clauses).toHaveLength(3);
    expect(loaded()).toBe(false);
    // anything else by the full parser, which loads Chevrotain
    expect(syntax.parse('a = 1 or a = 2').query).toBeUndefined();
    expect(loaded()).toBe(true);
  });

  test('no module of src/ imports Chevrotain at run time (type imports only)', () => {
    const dir = new URL('src/', root);
    // The *.browser.ts loaders are the versions for browsers and workers (static imports on
    // purpose), chosen by the package's imports map under every condition but `node`; the
    // node:module shim serves builds that bundle src/ for a browser (the playground).
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.browser.ts') && f !== 'codemirror/node-module-shim.ts');
    const offenders = files.filter((f) => /^\s*import\s+(?!type\b)[^;]*from\s+['"]chevrotain['"]/m.test(readFileSync(new URL(f, dir), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
