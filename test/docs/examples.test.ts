// Every TypeScript block of README.md and docs/*.md is type-checked against the built package
// (dist/*.d.ts, `npm run build` first), as Rust checks the examples of its docs.
//
// Convention, for whoever writes a block:
// - A complete example (it imports and defines what it uses) needs nothing.
// - A fragment that uses names it does not define says which set-up it assumes in an HTML comment
//   on the line before its fence: `<!-- preamble: catalog, q -->`. Each name is an entry of
//   PREAMBLES in test/docs/preambles.ts (real code on the sample, prepended to the block); add one
//   there when a new kind of fragment needs it.
// A failure names the file, the line in it, the block's fence line, tsc's message and, for a
// name the block does not define, the set-up that defines it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { docFiles, preamblesDefining, tsBlocks, withPreambles, type DocBlock } from './blocks.js';
import { PREAMBLES } from './preambles.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

const docs = docFiles(root);
const blocks = docs.flatMap((f) => tsBlocks(f, readFileSync(join(root, f), 'utf8')));
const work = join(root, '.build', 'doc-examples');

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What to do about a tsc message in a doc block, when the message alone does not say. */
function hint(message: string): string {
  const name = /TS2304: Cannot find name '(\w+)'|TS18004: No value exists in scope for the shorthand property '(\w+)'|TS2552: Cannot find name '(\w+)'/.exec(message);
  const missing = name?.[1] ?? name?.[2] ?? name?.[3];
  if (missing !== undefined) {
    const from = preamblesDefining(missing);
    return (
      ` [the block uses \`${missing}\` but does not define or import it: ` +
      (from.length
        ? `add <!-- preamble: ${from.join(' or ')} --> on the line before its fence (test/docs/preambles.ts), or define it in the block]`
        : `define or import it in the block, or add a set-up that defines it to PREAMBLES in test/docs/preambles.ts and name it in <!-- preamble: ... --> on the line before the fence]`)
    );
  }
  if (/TS2307/.test(message)) return ' [a block may import only catq, node: modules and the packages the repository installs]';
  if (/TS1108/.test(message)) return ' [a block is a module, so it cannot `return` at its top level: write the handler as a function, or use if/else]';
  return '';
}

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
    const { code, offset } = withPreambles(block);
    const name = `block${i}.ts`;
    // Each block is its own module; its set-ups' lines come first.
    writeFileSync(join(work, name), `${code}\nexport {};\n`);
    names.set(name, { block, offset });
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
    const where =
      inBlock >= 1
        ? `${at.block.file}:${at.block.line + inBlock} (block at line ${at.block.line})`
        : `${at.block.file}: block at line ${at.block.line}, in its set-up ${at.block.preambles.join(', ')} (test/docs/preambles.ts)`;
    problems.push({ block: at.block, text: `${where}: ${m[4]}${hint(m[4] ?? '')}` });
  }
  if (r.status !== 0 && problems.length === 0) throw new Error(`tsc failed:\n${r.stdout}${r.stderr}`);
  return problems;
}

describe('the TypeScript examples of README.md and docs/', () => {
  it('finds them all', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(34);
  });

  it('every one type-checks against the built package', () => {
    expect(typeCheck(blocks).map((p) => p.text)).toEqual([]);
  }, 180_000);

  it('every set-up a block names exists, and every set-up is used', () => {
    const used = new Set(blocks.flatMap((b) => b.preambles));
    for (const b of blocks) withPreambles(b); // throws for an unknown name
    expect(Object.keys(PREAMBLES).filter((k) => !used.has(k))).toEqual([]);
  });
});

describe('the check fails on a broken block, and says where and what is missing', () => {
  it('a type error: the file, the line in it and the block', () => {
    const broken: DocBlock = { file: 'docs/broken.md', line: 10, code: "import { decode } from 'catq';\nconst n: number = decode('x');\n", preambles: [] };
    const problems = typeCheck([broken]).map((p) => p.text);
    expect(problems.length).toBe(1);
    expect(problems[0]).toMatch(/^docs\/broken\.md:12 \(block at line 10\): error TS2322/);
  }, 180_000);

  it('a fragment without its set-up: the missing name and the set-up that defines it', () => {
    const fragment: DocBlock = { file: 'docs/broken.md', line: 20, code: "import { validate } from 'catq';\n\nvalidate(query, catalog);\n", preambles: ['query'] };
    const problems = typeCheck([fragment]).map((p) => p.text);
    expect(problems).toEqual([
      "docs/broken.md:23 (block at line 20): error TS2304: Cannot find name 'catalog'. [the block uses `catalog` but does not define or import it: add <!-- preamble: catalog --> on the line before its fence (test/docs/preambles.ts), or define it in the block]",
    ]);
    // With the set-up named, the same block passes.
    expect(typeCheck([{ ...fragment, preambles: ['query', 'catalog'] }])).toEqual([]);
  }, 180_000);

  it('a name no set-up defines, a top-level return, an unknown set-up', () => {
    const odd: DocBlock = { file: 'README.md', line: 5, code: 'if (cart.size) return;\n', preambles: [] };
    const problems = typeCheck([odd]).map((p) => p.text);
    expect(problems.some((t) => t.startsWith('README.md:6 (block at line 5): error TS2304') && t.includes('add a set-up that defines it to PREAMBLES'))).toBe(true);
    expect(problems.some((t) => t.includes('TS1108') && t.includes('cannot `return` at its top level'))).toBe(true);
    expect(() => withPreambles({ ...odd, preambles: ['cart'] })).toThrow(/^README\.md: the block at line 5 names the set-up "cart" .*which test\/docs\/preambles\.ts does not define \(it has: catalog, /);
  }, 180_000);
});
