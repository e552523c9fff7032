// The TypeScript blocks of README.md and docs/*.md, for test/docs/*.test.ts.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { definedNames, PREAMBLES, type Preamble } from './preambles.js';

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
  /**
   * What the block prints, when a ```text block follows it with nothing but blank lines between:
   * that block's text, and the line of its fence. The run compares it with the block's output.
   */
  readonly output?: { readonly text: string; readonly line: number };
}

/** The TypeScript blocks of one Markdown text. */
export function tsBlocks(file: string, text: string): DocBlock[] {
  const out: DocBlock[] = [];
  for (const m of text.matchAll(/(?:<!--\s*preamble:\s*([^>]*?)\s*-->\n)?```(?:ts|typescript)\n([\s\S]*?)```/g)) {
    const line = text.slice(0, (m.index ?? 0) + (m[1] === undefined ? 0 : m[0].indexOf('```'))).split('\n').length;
    const end = (m.index ?? 0) + m[0].length;
    const shown = /^\n(\s*\n)*```text\n([\s\S]*?)```/.exec(text.slice(end));
    const output = shown ? { text: shown[2] ?? '', line: text.slice(0, end + shown[0].indexOf('```text')).split('\n').length } : undefined;
    out.push({ file, line, code: m[2] ?? '', preambles: m[1] ? m[1].split(',').map((s) => s.trim()).filter(Boolean) : [], ...(output ? { output } : {}) });
  }
  return out;
}

/**
 * The block with the code of its set-ups first (test/docs/preambles.ts), and how many lines they
 * take. An unknown set-up name is an error naming the block and the names there are.
 */
export function withPreambles(block: DocBlock): { code: string; offset: number; runs: boolean; why: string[] } {
  const unknown = block.preambles.filter((p) => !Object.hasOwn(PREAMBLES, p));
  if (unknown.length) {
    throw new Error(
      `${block.file}: the block at line ${block.line} names the set-up ${unknown.map((u) => `"${u}"`).join(', ')} in its <!-- preamble: ... -->, ` +
        `which test/docs/preambles.ts does not define (it has: ${Object.keys(PREAMBLES).join(', ')})`,
    );
  }
  const used = block.preambles.map((p) => PREAMBLES[p] as Preamble);
  const head = used.map((p) => p.code).filter(Boolean).join('\n');
  const tail = used.map((p) => p.end ?? '').filter(Boolean).join('\n');
  const body = tail === '' ? block.code : `${block.code}\n${tail}`;
  return {
    code: head === '' ? body : `${head}\n${body}`,
    offset: head === '' ? 0 : head.split('\n').length,
    runs: used.every((p) => p.runs !== false),
    why: used.flatMap((p) => (p.why === undefined ? [] : [p.why])),
  };
}

/** The set-ups that define `name`, for a failure message. */
export function preamblesDefining(name: string): string[] {
  return Object.entries(PREAMBLES)
    .filter(([, p]) => definedNames(p).includes(name))
    .map(([key]) => key);
}


/**
 * The block as a script that checks what its comments say: a one-line statement ending in
 * `// throws CODE` (a diagnostic code, `area/name`, last on the line; other words after `// throws`
 * are prose) must throw a diagnostic with that code, and `expression; // → value` must give
 * `value` (deep equality; a value that is not a JavaScript literal is prose and is left alone).
 * The count of checked comments comes back with the code.
 */
export function withChecks(code: string): { code: string; checks: number } {
  let checks = 0;
  const lines = code.split('\n').map((line) => {
    const thrown = /^(\s*)(.+?);\s*\/\/ throws ([a-z]+\/[a-z0-9-]+)\s*$/.exec(line);
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
