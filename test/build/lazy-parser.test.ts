import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The root entry must not load Chevrotain (about 35 ms) until the infix parser is used: walk the
// static import graph of the built ESM entries and make sure no module in it imports chevrotain
// at top level. `npm test` builds dist/ first.
const dist = join(__dirname, '..', '..', 'dist');

function staticGraph(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const text = readFileSync(join(dist, file), 'utf8');
    seen.set(file, text);
    for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*["'](\.\/[^"']+)["']/gm)) visit((m[1] as string).slice(2));
    for (const m of text.matchAll(/^\s*import\s*["'](\.\/[^"']+)["']/gm)) visit((m[1] as string).slice(2));
  };
  visit(entry);
  return seen;
}

describe('built package', () => {
  it('exists (run `npm run build`, or `npm test`, which builds first)', () => {
    expect(existsSync(join(dist, 'index.js'))).toBe(true);
  });

  for (const entry of ['index.js', 'wire.js', 'eval.js', 'sql.js', 'mongo.js', 'builder.js']) {
    it(`${entry} does not import chevrotain eagerly`, () => {
      const eager = [...staticGraph(entry)].filter(([, text]) => /^\s*import[^;]*from\s*["']chevrotain["']/m.test(text)).map(([f]) => f);
      expect(eager).toEqual([]);
    });
  }
});
