import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The stages of src/, lowest first. A stage may import itself and any stage listed before it,
// except what FORBIDDEN says. The infix syntax (parser, formatter) is a front end beside the
// wire codec, below the checker; the editor services (lint, completion, hover) sit above it.
const LAYERS = ['operators', 'ast', 'diagnostics', 'text', 'catalog', 'wire', 'syntax', 'check', 'listing', 'eval', 'sql', 'mongo', 'editor', 'builder', 'client', 'lsp', 'cli', 'codemirror'];
// What reads a query for a machine (listing, the evaluator, the backends) never loads the infix
// parser nor the editor services.
const NO_FRONT_END = ['syntax', 'editor'];
const FORBIDDEN: Record<string, readonly string[]> = {
  listing: NO_FRONT_END,
  eval: NO_FRONT_END,
  sql: ['eval', 'mongo', ...NO_FRONT_END],
  mongo: ['eval', 'sql', ...NO_FRONT_END],
  // The client talks to a service; it never evaluates or compiles queries itself. It reads infix
  // text given as q (the parser), but never the editor services.
  client: ['eval', 'sql', 'mongo', 'editor'],
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

  it('catches a backend or the listing importing the parser or the editor services', () => {
    // The rule itself, on made-up imports (so a FORBIDDEN entry dropped by mistake fails here).
    const allowed = (from: string, target: string) => LAYERS.indexOf(target) < LAYERS.indexOf(from) && !(FORBIDDEN[from] ?? []).includes(target);
    for (const from of ['listing', 'eval', 'sql', 'mongo']) for (const target of NO_FRONT_END) expect(allowed(from, target), `${from} -> ${target}`).toBe(false);
    expect(allowed('client', 'editor')).toBe(false);
    expect(allowed('editor', 'syntax')).toBe(true);
    expect(allowed('check', 'syntax')).toBe(true);
    expect(allowed('syntax', 'check')).toBe(false);
  });
});
