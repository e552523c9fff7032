import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The root entry must not load Chevrotain (about 35 ms) until the infix parser is used: walk the
// static import graph of the built ESM entries and make sure no module in it imports chevrotain
// at top level. The loaders behind `#catq/...` are followed as Node resolves them (the `node`
// condition of the package's imports map). `npm test` builds dist/ first.
const dist = join(__dirname, '..', '..', 'dist');
const imports = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { imports: Record<string, { node: { import: string } }> }).imports;

function staticGraph(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const text = readFileSync(join(dist, file), 'utf8');
    seen.set(file, text);
    for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*["'](\.\/[^"']+)["']/gm)) visit((m[1] as string).slice(2));
    for (const m of text.matchAll(/^\s*import\s*["'](\.\/[^"']+)["']/gm)) visit((m[1] as string).slice(2));
    for (const m of text.matchAll(/^\s*import\s[^;]*?from\s*["'](#[^"']+)["']/gm)) {
      const target = imports[m[1] as string]?.node.import;
      expect(target, `${file} imports ${m[1]}, which the imports map lacks`).toBeDefined();
      visit((target as string).replace(/^\.\/dist\//, ''));
    }
  };
  visit(entry);
  return seen;
}

describe('built package', () => {
  it('exists (run `npm run build`, or `npm test`, which builds first)', () => {
    expect(existsSync(join(dist, 'index.js'))).toBe(true);
  });

  it('follows the loaders as Node does', () => {
    expect([...staticGraph('index.js').keys()]).toEqual(expect.arrayContaining(['load/chevrotain.node.js', 'load/helpers.node.js']));
  });

  for (const entry of ['index.js', 'wire.js', 'syntax.js', 'eval.js', 'sql.js', 'mongo.js', 'builder.js', 'client.js']) {
    it(`${entry} does not import chevrotain eagerly`, () => {
      const eager = [...staticGraph(entry)].filter(([, text]) => /^\s*import[^;]*from\s*["']chevrotain["']/m.test(text)).map(([f]) => f);
      expect(eager).toEqual([]);
    });
  }
});
