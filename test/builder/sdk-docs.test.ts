import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Runs the examples of docs/sdk.md (the builder half, up to a `## The client` heading): every
// `ts` block is written to test-artifacts/sdk-examples/, type-checked with the repository's
// compiler options, then executed. In a block, `expr; // → value` asserts that expr deep-equals
// value, and `expr; // throws code` asserts that expr throws a QueryError whose first diagnostic
// has that code. Imports of `catq` and `catq/<entry>` are pointed at src/.

const root = join(__dirname, '..', '..');
const outDir = join(root, 'test-artifacts', 'sdk-examples');
const doc = readFileSync(join(root, 'docs', 'sdk.md'), 'utf8');
const builderPart = doc.split(/^## The client\b/m)[0] as string;
const blocks = [...builderPart.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);

const ARROW = /^(\s*)(.+?);\s*\/\/ → (.+)$/;
const THROWS = /^(\s*)(.+?);\s*\/\/ throws ([\w/-]+)$/;

/** The block as a module: imports pointed at src/, assertion comments turned into calls. */
function toModule(block: string, file: string): { source: string; checks: number } {
  const toSrc = (entry: string): string => {
    const target = join(root, 'src', entry === '' ? 'index.ts' : `${entry}/index.ts`);
    return relative(join(file, '..'), target).replace(/\\/g, '/').replace(/\.ts$/, '.js');
  };
  let checks = 0;
  const lines = block.split('\n').map((line) => {
    const fixed = line.replace(/from 'catq(?:\/(\w+))?'/, (_, entry: string | undefined) => `from '${toSrc(entry ?? '')}'`);
    const arrow = ARROW.exec(fixed);
    if (arrow) {
      checks++;
      return `${arrow[1]}__expect(${arrow[2]}, ${arrow[3]});`;
    }
    const throws = THROWS.exec(fixed);
    if (throws) {
      checks++;
      return `${throws[1]}__throws(() => { ${throws[2]}; }, ${JSON.stringify(throws[3])});`;
    }
    return fixed;
  });
  // Appended, so that line numbers stay those of the block (imports are hoisted anyway).
  const prelude = `
import { deepStrictEqual as __deepEqual } from 'node:assert/strict';
import { QueryError as __QueryError } from '${toSrc('')}';
export function __expect(actual: unknown, expected: unknown): void {
  __deepEqual(actual, expected);
  __count();
}
function __count(): void {
  const g = globalThis as { __sdkDocChecks?: number };
  g.__sdkDocChecks = (g.__sdkDocChecks ?? 0) + 1;
}
export function __throws(f: () => void, code: string): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof __QueryError)) throw e;
    __deepEqual(e.diagnostics[0]?.code, code);
    __count();
    return;
  }
  throw new Error('expected a QueryError ' + code + ', but nothing was thrown');
}
`;
  return { source: lines.join('\n') + prelude, checks };
}

describe('docs/sdk.md examples (the builder)', () => {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const modules = blocks.map((block, i) => {
    const file = join(outDir, `example-${i + 1}.ts`);
    const { source, checks } = toModule(block, file);
    writeFileSync(file, source);
    return { file, checks };
  });

  it('has examples, each with assertions', () => {
    expect(modules.length).toBeGreaterThanOrEqual(6);
    for (const m of modules) expect(m.checks, relative(root, m.file)).toBeGreaterThan(0);
  });

  it('type-check (every @ts-expect-error in them is a real error)', () => {
    const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (!config) throw new Error('cannot read tsconfig.json');
    const program = ts.createProgram({ rootNames: modules.map((m) => m.file), options: config.options });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const at = d.file && d.start !== undefined ? `${relative(root, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
      return at + ts.flattenDiagnosticMessageText(d.messageText, '\n');
    });
    expect(problems).toEqual([]);
  });

  for (const [i, m] of modules.entries()) {
    it(`example ${i + 1} runs and every assertion in it holds`, async () => {
      const counter = globalThis as { __sdkDocChecks?: number };
      counter.__sdkDocChecks = 0;
      await import(m.file);
      expect(counter.__sdkDocChecks).toBe(m.checks);
    });
  }
});
