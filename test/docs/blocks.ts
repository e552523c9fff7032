// The TypeScript blocks of README.md and docs/*.md, for test/docs/*.test.ts.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** README.md and docs/*.md, relative to the repository root. */
export function docFiles(root: string): string[] {
  return ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}

export interface DocBlock {
  /** README.md or docs/x.md */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly code: string;
  readonly preambles: readonly string[];
}

/** The TypeScript blocks of one Markdown text. */
export function tsBlocks(file: string, text: string): DocBlock[] {
  const out: DocBlock[] = [];
  for (const m of text.matchAll(/(?:<!--\s*preamble:\s*([^>]*?)\s*-->\n)?```(?:ts|typescript)\n([\s\S]*?)```/g)) {
    const line = text.slice(0, (m.index ?? 0) + (m[1] === undefined ? 0 : m[0].indexOf('```'))).split('\n').length;
    out.push({ file, line, code: m[2] ?? '', preambles: m[1] ? m[1].split(',').map((s) => s.trim()).filter(Boolean) : [] });
  }
  return out;
}

/** How NOT_YET_CHECKED names a block: its file and its first line of code. */
export function blockKey(block: DocBlock): string {
  return `${block.file}: ${block.code.split('\n').find((l) => l.trim() !== '')?.trim() ?? ''}`;
}


/**
 * The block as a script that checks what its comments say: a one-line statement ending in
 * `// throws CODE` must throw a diagnostic with that code, and `expression; // → value` must give
 * `value` (deep equality; a value that is not a JavaScript literal is prose and is left alone).
 * The count of checked comments comes back with the code.
 */
export function withChecks(code: string): { code: string; checks: number } {
  let checks = 0;
  const lines = code.split('\n').map((line) => {
    const thrown = /^(\s*)(.+?);\s*\/\/ throws ([\w/-]+)/.exec(line);
    if (thrown) {
      checks++;
      return `${thrown[1]}__throws(() => { ${thrown[2]}; }, ${JSON.stringify(thrown[3])});`;
    }
    const shown = /^(\s*)(?!const |let |var |return |if |for )(.+?);\s*\/\/ → (.+?)\s*$/.exec(line);
    if (shown) {
      try {
        new Function(`return (${shown[3]});`);
      } catch {
        return line;
      }
      checks++;
      return `${shown[1]}__shows(${shown[2]}, ${shown[3]}, ${JSON.stringify(shown[2] ?? '')});`;
    }
    return line;
  });
  const head = `import { deepStrictEqual as __equal } from 'node:assert/strict';
const __throws = (f, code) => {
  try { f(); } catch (e) {
    if (String(e?.message).includes(code) || e?.diagnostics?.some?.((d) => d.code === code)) return;
    throw new Error(\`expected a \${code} diagnostic, got: \${e?.message}\`);
  }
  throw new Error(\`expected it to throw \${code}, but it returned\`);
};
const __shows = (actual, expected, what) => __equal(actual, expected, \`\${what} does not give what its comment shows\`);
`;
  return { code: head + lines.join('\n'), checks };
}
