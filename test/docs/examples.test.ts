// Every TypeScript block of README.md and docs/*.md is type-checked against the built package
// (dist/*.d.ts, `npm run build` first), as Rust checks the examples of its docs.
//
// Convention, for whoever writes a block:
// - A complete example (it imports what it uses) needs nothing.
// - A fragment that uses names it does not define says which set-up it assumes in an HTML comment
//   on the line before its fence: `<!-- preamble: catalog, q -->`. Each name is an entry of
//   PREAMBLES in test/docs/preambles.ts (declarations prepended before type-checking); add one
//   there when a new kind of fragment needs it.
// A failure names the file, the line of the block's fence and tsc's message for the block's line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { blockKey, docFiles, tsBlocks, type DocBlock } from './blocks.js';
import { NOT_YET_CHECKED, PREAMBLES } from './preambles.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

const docs = docFiles(root);
const blocks = docs.flatMap((f) => tsBlocks(f, readFileSync(join(root, f), 'utf8')));
const work = join(root, '.build', 'doc-examples');

afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Problem {
  readonly block: DocBlock;
  readonly text: string;
}

/** Type-checks the blocks in one tsc run; the problems, each naming its block. */
function typeCheck(list: readonly DocBlock[]): Problem[] {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const names = new Map<string, { block: DocBlock; offset: number }>();
  list.forEach((block, i) => {
    const unknown = block.preambles.filter((p) => !(p in PREAMBLES));
    if (unknown.length) throw new Error(`${block.file}:${block.line}: unknown preamble ${unknown.join(', ')} (see test/docs/preambles.ts)`);
    const head = block.preambles.map((p) => PREAMBLES[p]).join('\n');
    const name = `block${i}.ts`;
    // Each block is its own module; the preamble's lines come first.
    writeFileSync(join(work, name), `${head}\n${block.code}\nexport {};\n`);
    names.set(name, { block, offset: head.split('\n').length });
  });
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true,
        types: ['node'], typeRoots: [join(root, 'node_modules', '@types')], baseUrl: '.',
        paths: { catq: [join(root, 'dist', 'index.d.ts')], 'catq/*': [join(root, 'dist', '*.d.ts')] },
      },
      include: ['*.ts'],
    }),
  );
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', work], { encoding: 'utf8' });
  const problems: Problem[] = [];
  for (const line of (r.stdout + r.stderr).split('\n')) {
    const m = /(block\d+\.ts)\((\d+),(\d+)\): (.*)$/.exec(line.trim());
    if (!m) continue;
    const at = names.get(m[1] ?? '');
    if (!at) continue;
    const inBlock = Number(m[2]) - at.offset;
    const where = inBlock >= 1 ? `${at.block.file}:${at.block.line + inBlock} (block at line ${at.block.line})` : `${at.block.file}: block at line ${at.block.line}, in its preamble`;
    problems.push({ block: at.block, text: `${where}: ${m[4]}` });
  }
  if (r.status !== 0 && problems.length === 0) throw new Error(`tsc failed:\n${r.stdout}${r.stderr}`);
  return problems;
}

describe('the TypeScript examples of README.md and docs/', () => {
  it('finds them all', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(30);
  });

  it('type-check against the built package (but the fragments of NOT_YET_CHECKED)', () => {
    const problems = typeCheck(blocks);
    const failing = new Set(problems.map((p) => blockKey(p.block)));
    if (process.env['CATQ_DOC_BLOCKS_DUMP']) writeFileSync(process.env['CATQ_DOC_BLOCKS_DUMP'], JSON.stringify([...failing], null, 2));
    expect(problems.filter((p) => !NOT_YET_CHECKED.includes(blockKey(p.block))).map((p) => p.text)).toEqual([]);
    // The list only shrinks: a listed block that now type-checks (or is gone) must leave it.
    expect(NOT_YET_CHECKED.filter((k) => !failing.has(k)).map((k) => `${k}: type-checks now (or is gone); remove it from NOT_YET_CHECKED`)).toEqual([]);
  }, 180_000);

  it('a broken block is reported with its file and line', () => {
    const broken: DocBlock = { file: 'docs/broken.md', line: 10, code: "import { decode } from 'catq';\nconst n: number = decode('x');\n", preambles: [] };
    const problems = typeCheck([broken]).map((p) => p.text);
    expect(problems.length).toBe(1);
    expect(problems[0]).toMatch(/^docs\/broken\.md:12 \(block at line 10\): error TS2322/);
  }, 180_000);
});
