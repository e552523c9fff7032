import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The stages of src/, lowest first. A stage may import itself and any stage listed before it,
// except that backends (sql, mongo) never import each other or the evaluator.
const LAYERS = ['operators', 'ast', 'diagnostics', 'text', 'catalog', 'wire', 'check', 'syntax', 'listing', 'eval', 'sql', 'mongo', 'builder', 'client', 'lsp', 'cli', 'codemirror'];
const FORBIDDEN: Record<string, readonly string[]> = {
  sql: ['eval', 'mongo'],
  mongo: ['eval', 'sql'],
  // The client talks to a service; it never evaluates or compiles queries itself.
  client: ['eval', 'sql', 'mongo'],
};

const srcDir = join(__dirname, '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function stageOf(path: string): string | undefined {
  const first = relative(srcDir, path).split(/[\\/]/)[0];
  return first === undefined || first.endsWith('.ts') ? undefined : first;
}

describe('architecture', () => {
  const all = files(srcDir);

  it('knows every stage folder', () => {
    const stages = new Set(all.map(stageOf).filter((s): s is string => s !== undefined));
    for (const s of stages) expect(LAYERS, `unknown stage folder src/${s}`).toContain(s);
  });

  it('has stages that depend downward only, and backends that do not import each other', () => {
    const problems: string[] = [];
    for (const file of all) {
      const from = stageOf(file);
      if (from === undefined) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
        const target = stageOf(join(file, '..', m[1] as string));
        if (target === undefined || target === from) continue;
        const ok = LAYERS.indexOf(target) < LAYERS.indexOf(from) && !(FORBIDDEN[from] ?? []).includes(target);
        if (!ok) problems.push(`${relative(srcDir, file)} imports ${target}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
