// Every TypeScript example of README.md and docs/ runs, with the code of the set-ups its
// `<!-- preamble: ... -->` names first (test/docs/preambles.ts; see examples.test.ts): transpiled
// with esbuild and run with Node next to the built package, from the repository root, the client
// ones against the sample service of `npm start` (packages/server's demo on a free port, its URL
// and key in CATQ_URL and CATQ_API_KEY/CATQ_KEY). Only a block whose set-up cannot be made here
// (`runs: false`: a browser page, a MongoDB server) is type-checked and not run. A block that
// throws or exits non-zero fails the test, named by file and fence line. What a line's comment
// shows is checked: `expr; // → value` must give value, `stmt; // throws CODE` must throw that
// diagnostic (blocks.ts, withChecks), and a ```text block right after a block is what it prints.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFiles, tsBlocks, withChecks, withPreambles } from './blocks.js';
import { startSampleService, type SampleService } from './sample-service.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const docs = docFiles(root);
const blocks = docs.flatMap((f) => tsBlocks(f, readFileSync(join(root, f), 'utf8')));
const runnable = blocks.filter((b) => withPreambles(b).runs);
const notRun = blocks.filter((b) => !withPreambles(b).runs);
// Inside the package folder, so `import ... from 'catq'` resolves to the build (self-reference).
const work = join(root, '.build', 'doc-runs');

let service: SampleService | undefined;
let env: Record<string, string> = {};

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  service = await startSampleService(root);
  env = { CATQ_URL: service.url, CATQ_API_KEY: service.key, CATQ_KEY: service.key };
}, 240_000);

afterAll(() => {
  service?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** What a run printed on stdout, colours removed, without trailing blank lines. */
function printed(r: ReturnType<typeof spawnSync>): string {
  return String(r.stdout).replace(/\x1b\[[0-9;]*m/g, '').trimEnd();
}

function runBlock(code: string, name: string): ReturnType<typeof spawnSync> {
  const js = transformSync(withChecks(code).code, { loader: 'ts', format: 'esm', target: 'node20' }).code;
  const file = join(work, `${name}.mjs`);
  writeFileSync(file, js);
  return spawnSync(process.execPath, [file], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
}

describe('the comments of a block are checked', () => {
  it('a shown value that is not what the line gives fails, with the line', () => {
    const r = runBlock("Math.max(1, 2); // → 3\n", 'broken-shows');
    expect(r.status).not.toBe(0);
    expect(String(r.stderr)).toContain('does not give what its comment shows');
  });

  it('a `// throws CODE` line that does not throw fails', () => {
    const r = runBlock("JSON.parse('[]'); // throws wire/bad-json\n", 'broken-throws');
    expect(r.status).not.toBe(0);
    expect(String(r.stderr)).toContain('expected it to throw wire/bad-json');
  });

  it('the blocks hold comments it checks', () => {
    expect(runnable.reduce((n, b) => n + withChecks(b.code).checks, 0)).toBeGreaterThan(10);
  });

  it('a block followed by a text block must print that text', () => {
    const [block] = tsBlocks('docs/broken.md', "```ts\nconsole.log('\\x1b[31mred\\x1b[0m', 1 + 1);\n```\n\n```text\nred 3\n```\n");
    expect(block?.output).toEqual({ text: 'red 3\n', line: 5 });
    expect(printed(runBlock(block?.code ?? '', 'shows-output'))).toBe('red 2'); // not 'red 3': the test of the block fails
    expect(tsBlocks('docs/x.md', '```ts\nf();\n```\n\nprose\n\n```text\nx\n```\n')[0]?.output).toBeUndefined();
  });

  it('a fragment runs with its set-up, and fails without it', () => {
    const fragment = { file: 'docs/broken.md', line: 1, code: "import { validate } from 'catq';\nvalidate(query, catalog).length; // → 0\n", preambles: ['query', 'catalog'] };
    expect(runBlock(withPreambles(fragment).code, 'fragment-with').status).toBe(0);
    const r = runBlock(withPreambles({ ...fragment, preambles: ['query'] }).code, 'fragment-without');
    expect(r.status).not.toBe(0);
    expect(String(r.stderr)).toContain('catalog is not defined');
  });
});

describe('the TypeScript examples of README.md and docs/ run', () => {
  it('all but the few whose set-up cannot be made here, each saying why', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(30);
    // A block is left unrun only by a set-up with `runs: false` and a reason.
    expect(notRun.filter((b) => withPreambles(b).why.length === 0)).toEqual([]);
    expect(notRun.map((b) => `${b.file}:${b.line}`).length, `not run: ${notRun.map((b) => `${b.file}:${b.line} (${withPreambles(b).why.join('; ')})`).join(', ')}`).toBeLessThanOrEqual(4);
  });

  it.each(runnable.map((b) => [`${b.file}:${b.line}`, b] as const))('%s', (_name, block) => {
    const r = runBlock(withPreambles(block).code, `${block.file.replace(/[/.]/g, '-')}-${block.line}`);
    expect(r.status, `${block.file}: the block at line ${block.line}${block.preambles.length ? ` (set-ups: ${block.preambles.join(', ')})` : ''} failed:\n${String(r.stderr)}`).toBe(0);
    if (block.output) {
      expect(printed(r), `${block.file}: the block at line ${block.line} does not print what the text block after it (line ${block.output.line}) shows`).toBe(block.output.text.trimEnd());
    }
  });
});
