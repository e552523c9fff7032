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
      if (sub === 'client' || sub === 'codemirror' || sub === 'builder') continue; // other entries may be built by their workspaces
      expect(existsSync(new URL(`../../${file}`, import.meta.url)), `${sub}: ${file}`).toBe(true);
    }
  });
});
