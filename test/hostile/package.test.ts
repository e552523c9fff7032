import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 13 §3: `npm pack` on a clean clone must build dist/ (prepack), and every subpath entry
// must have types under `moduleResolution: node10` (typesVersions).

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
  exports: Record<string, { import?: { types?: string } } | string>;
  typesVersions?: Record<string, Record<string, string[]>>;
};

describe('package.json for publishing', () => {
  it('builds before packing', () => {
    expect(pkg.scripts['prepack']).toMatch(/build/);
  });

  it('maps every subpath entry to its types for node10 resolution', () => {
    const map = pkg.typesVersions?.['*'] ?? {};
    for (const [key, entry] of Object.entries(pkg.exports)) {
      if (key === '.' || typeof entry === 'string') continue;
      const sub = key.slice(2);
      const types = entry.import?.types;
      expect(map[sub], `typesVersions for ${key}`).toEqual([types]);
    }
  });

  it('the types it maps to are built', () => {
    const map = pkg.typesVersions?.['*'] ?? {};
    if (!existsSync(new URL('../../dist/index.d.ts', import.meta.url))) return; // built by npm test's pretest
    for (const [sub, [file]] of Object.entries(map)) {
      // Only entries whose code is built: each must come with the types typesVersions names.
      if (!existsSync(new URL(`../../dist/${sub}.js`, import.meta.url))) continue;
      expect(existsSync(new URL(`../../${file}`, import.meta.url)), `${sub}: ${file}`).toBe(true);
    }
  });
});

describe('the semantics are in the repository', () => {
  it('no source, doc or example file refers to LANGUAGE.md, a file outside the package; docs/semantics.md has the numbered rules', async () => {
    const { readdirSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = new URL('../../', import.meta.url).pathname;
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(join(root, dir))) {
        const rel = join(dir, name);
        if (name === 'node_modules' || name === 'dist') continue;
        if (statSync(join(root, rel)).isDirectory()) walk(rel);
        else if (/\.(ts|tsx|md|mjs)$/.test(name) && readFileSync(join(root, rel), 'utf8').includes('LANGUAGE.md') && !rel.endsWith('package.test.ts')) offenders.push(rel);
      }
    };
    // examples/ ships in the package too; README.md is the front page.
    for (const dir of ['src', 'docs', 'test', 'examples', 'scripts', 'bench', 'packages', 'grammar', 'fuzz']) walk(dir);
    if (readFileSync(join(root, 'README.md'), 'utf8').includes('LANGUAGE.md')) offenders.push('README.md');
    expect(offenders).toEqual([]);
    const semantics = readFileSync(join(root, 'docs/semantics.md'), 'utf8');
    for (const n of [1, 2, 3, 4, 5, 6]) expect(semantics).toMatch(new RegExp(`^## ${n}\\. `, 'm'));
  });
});
