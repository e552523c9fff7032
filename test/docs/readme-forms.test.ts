// README.md opens with one query in every form catq speaks. Each form in that table is what the
// built CLI gives for the infix row, on the sample catalog: the wire text, the percent-encoded q,
// the SQLite statement with its parameters, and the Mongo filter of the first two clauses.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

function catq(...args: string[]): string {
  const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
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
