// Outputs the docs show in prose blocks (not after a command line or a code block, which
// console-examples and run-examples check) are what catq gives:
// - README.md's table of one query in every form: what the built CLI gives for the infix row on
//   the sample catalog (the wire text, the percent-encoded q, the SQLite statement with its
//   parameters, the Mongo filter of the first two clauses);
// - README.md's "what a mistake looks like": what `catq lint` prints for its query;
// - README.md's `npm run demo` output: what `catq preflight --job examples/job.json` prints;
// - docs/language.md's three mistakes: `parse`'s diagnostics of the text it shows, rendered.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderDiagnostics } from '../../src/diagnostics/index.js';
import { parse } from '../../src/syntax/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The first code span of the README table row whose first cell is `label`, and the rest of its second cell. */
function row(label: string): { code: string; rest: string } {
  const line = readme.split('\n').find((l) => l.startsWith(`| ${label} |`));
  if (!line) throw new Error(`README.md has no row "${label}" in its table of forms`);
  const cell = line.slice(`| ${label} |`.length).replace(/\|\s*$/, '').trim();
  const m = /^`([^`]*)`(.*)$/.exec(cell);
  if (!m) throw new Error(`README.md, row "${label}": the form is not a code span: ${cell}`);
  return { code: m[1] as string, rest: (m[2] as string).trim() };
}

function run(...args: string[]): ReturnType<typeof spawnSync> & { stdout: string; stderr: string } {
  return spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

function catq(...args: string[]): string {
  const r = run(...args);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout.trimEnd();
}

describe('README.md: one query in every form', () => {
  const infix = row('infix (for people)').code;

  it('the wire text and the q parameter', () => {
    expect(catq('convert', '--to', 'wire', infix)).toBe(row('wire (JSON array)').code);
    expect(catq('convert', '--to', 'uri', infix)).toBe(row('`q` (percent-encoded)').code);
  });

  it('the SQLite statement and its parameters', () => {
    const [sql, params] = catq('compile', '--to', 'sql', '--dialect', 'sqlite', infix).split('\n');
    const shown = row('SQL (SQLite)');
    expect(sql).toBe(`${shown.code};`);
    expect(params).toBe(`-- params (the ? in order): ${/^with params `(.*)`$/.exec(shown.rest)?.[1]}`);
  });

  it('the Mongo filter of the first two clauses', () => {
    const firstTwo = infix.split(' and ').slice(0, 2).join(' and ');
    expect(JSON.stringify(JSON.parse(catq('compile', '--to', 'mongo', firstTwo)))).toBe(row('Mongo (first two clauses)').code);
  });
});

describe('README.md: what a mistake looks like', () => {
  it('is what catq lint prints for the query it shows', () => {
    const start = readme.indexOf('And what a mistake looks like');
    const block = /```text\n([\s\S]*?)```/.exec(readme.slice(start))?.[1] ?? '';
    const query = /^1 \| (.*)$/m.exec(block)?.[1];
    expect(query).toBeDefined();
    const r = run('lint', query as string);
    expect(r.status).toBe(1);
    expect((r.stdout + r.stderr).trimEnd()).toBe(block.trimEnd());
  });
});

/** The first ```text block after `marker` in `doc`, and the one after that. */
function textBlocksAfter(doc: string, marker: string): [string, string] {
  const at = doc.indexOf(marker);
  if (at < 0) throw new Error(`the docs no longer say "${marker}"`);
  const blocks = [...doc.slice(at).matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  return [blocks[0] ?? '', blocks[1] ?? ''];
}

describe('other outputs the docs show', () => {
  it('README.md: npm run demo', () => {
    const [block] = textBlocksAfter(readme, '`npm run demo` is the second job');
    expect(catq('preflight', '--job', 'examples/job.json')).toBe(block.trimEnd());
  });

  it('docs/language.md: three mistakes, each at its place', () => {
    const language = readFileSync(join(root, 'docs', 'language.md'), 'utf8');
    const [text, shown] = textBlocksAfter(language, 'the clauses it could read are returned as a partial query');
    const query = text.trim();
    expect(query).toContain('maybe');
    expect(renderDiagnostics(parse(query).diagnostics, query, { fileName: 'query' }).trimEnd()).toBe(shown.trimEnd());
  });
});
