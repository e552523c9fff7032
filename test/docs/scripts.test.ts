// Every script README.md and docs/ tell a user to run (`node some/script.mjs`, `npm start`,
// `npm run playground`, `npm run bench NAME`, `npm run demo`) answers a bad argument with one
// line on stderr and a non-zero exit status, never a stack trace. The scripts are found in the
// docs, so a newly documented script fails here until it has its cases below.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { docFiles } from './blocks.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'catq-scripts-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface BadCall {
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** The scripts, by path from the repository root, and bad calls of each. */
const CASES: Readonly<Record<string, readonly BadCall[]>> = {
  'scripts/start.mjs': [{ args: ['--port', '9000'] }, { args: [], env: { PORT: 'eighty' } }, { args: [], env: { PORT: '70000' } }],
  'scripts/measure-start.mjs': [{ args: ['--runs', 'two'] }, { args: ['--bogus'] }],
  'packages/playground/serve.mjs': [
    { args: ['--port', 'abc'] },
    { args: ['--port', '99999'] },
    { args: ['--port'] },
    { args: ['--bogus'] },
    { args: ['--root', join(scratch, 'missing')] },
    { args: [], env: { PORT: 'x' } },
  ],
  'examples/generate.mjs': [{ args: ['--bogus'] }, { args: ['--count', '-3'] }, { args: ['--out', scratch] }],
  'dist/cli.js': [{ args: ['--bogus'] }, { args: ['preflight', '--job', join(scratch, 'missing.json')] }],
  'packages/server/bin/catq-server.js': [{ args: ['--bogus'] }, { args: ['--catalog', join(scratch, 'missing.json'), '--api-key', 'k'] }],
  'bench/run.mjs': [{ args: ['no-such-benchmark'] }],
  'bench/upsert-profile.mjs': [{ args: ['--items', '1000'] }],
  'bench/upsert-indexes.mjs': [{ args: ['--items', '1000'] }],
  'bench/gin-pending.mjs': [{ args: ['--bogus'] }, { args: [], env: { BATCHES: 'many' } }],
  'bench/compression-ab.mjs': [{ args: ['--bogus'] }, { args: [], env: { ROUNDS: 'many' } }, { args: [], env: { BEFORE: join(scratch, 'missing.js') } }],
  'bench/service-cpu.mjs': [{ args: ['--bogus'] }, { args: [], env: { BENCH_DB: '' } }],
  'bench/service-gc.mjs': [{ args: ['--bogus'] }, { args: [], env: { BENCH_DB: '' } }],
};

/**
 * Scripts the docs name that are not run here, and why. bench/'s own scripts (measurements run by
 * hand, minutes each) take no arguments but `--update` and ignore others: that is bench/'s
 * owner's to change.
 */
const NOT_RUN: Readonly<Record<string, string>> = {
  'bench/check.mjs': "bench/'s: a measurement of minutes; takes --update only",
  'main.mjs': "docs/api.md's name for the user's own program in the runtimes table, not a script of this repository",
  'bench/console.bench.mjs': "bench/'s: a measurement; takes no arguments",
  'bench/hostile.bench.mjs': "bench/'s: a measurement; takes no arguments",
  'bench/playground.bench.mjs': "bench/'s: a measurement; takes no arguments",
  'bench/ratios.bench.mjs': "bench/'s: a measurement; takes no arguments",
  'bench/list-page.bench.mjs': "bench/'s: a measurement; takes no arguments",
};

/** The npm scripts the docs name, and the script each runs. */
const NPM: Readonly<Record<string, string>> = {
  'npm start': 'scripts/start.mjs',
  'npm run playground': 'packages/playground/serve.mjs',
  'npm run bench': 'bench/run.mjs',
  'npm run demo': 'dist/cli.js',
};

function documentedScripts(): string[] {
  const found = new Set<string>();
  for (const file of [...docFiles(root), 'examples/README.md']) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/\bnode (?:\.\/)?((?:[\w.-]+\/)*[\w.-]+\.m?js)\b/g)) {
      // A deployed copy (/opt/catq/...) is the repository's own file.
      found.add((m[1] ?? '').replace(/^.*?\/(packages\/)/, '$1').replace(/^\/opt\/catq\//, ''));
    }
    for (const [command, script] of Object.entries(NPM)) if (text.includes(command)) found.add(script);
  }
  return [...found].sort();
}

describe('the scripts the docs tell a user to run', () => {
  it('each has bad calls below (or is a measurement of bench/, listed with the reason)', () => {
    const documented = documentedScripts();
    expect(documented.length).toBeGreaterThanOrEqual(8);
    expect(documented.filter((s) => !(s in CASES) && !(s in NOT_RUN))).toEqual([]);
  });

  it.each(Object.entries(CASES).flatMap(([script, calls]) => calls.map((c) => [`${script} ${c.args.join(' ').replaceAll(scratch, '<tmp>')}${c.env ? ` (${Object.entries(c.env).map(([k, v]) => `${k}=${v}`).join(' ')})` : ''}`, script, c] as const)))(
    '%s: one line and a non-zero status',
    (_name, script, call) => {
      const r = spawnSync(process.execPath, [join(root, script), ...call.args], { cwd: root, env: { ...process.env, ...call.env }, encoding: 'utf8', timeout: 60_000 });
      const err = r.stderr.replace(/^npm warn .*\n/gm, '').trimEnd();
      expect(r.signal, `${script} did not end by itself (it ran on instead of refusing the argument)`).toBeNull();
      expect(r.status, `${script}: exit status`).not.toBe(0);
      expect(err, `${script} printed a stack trace:\n${err}`).not.toMatch(/^\s+at /m);
      // One line: the catq-server CLI follows its line with the usage, as --help shows it.
      const first = err.split('\n')[0] ?? '';
      expect(first.length, `${script} printed nothing on stderr`).toBeGreaterThan(10);
      if (script !== 'packages/server/bin/catq-server.js' || call.args[0] !== '--bogus') {
        expect(err.split('\n').filter((l) => l.trim() !== '').length, `${script} printed more than one line (or the fix line of the CLI):\n${err}`).toBeLessThanOrEqual(2);
      }
    },
    90_000,
  );
});
