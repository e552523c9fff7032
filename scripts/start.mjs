#!/usr/bin/env node
/**
 * `npm start`: the sample service (packages/server's demo: catq-server on embedded PGlite with
 * examples/catalog.json and examples/items.ndjson) and its page.
 *
 * It builds only what the service and the page need, and only the parts whose build is older than
 * their sources: catq's ES modules (no declarations, no CommonJS, no source maps), catq-server's
 * bundle and the playground page, side by side. While it builds it prints one line; a failed
 * build prints that build's output and exits 1. `npm run build` still makes the whole package.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time under `paths` (files or folders; node_modules and dist skipped). */
function newest(paths) {
  let max = 0;
  const visit = (path) => {
    let st;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (!st.isDirectory()) max = Math.max(max, st.mtimeMs);
    else for (const e of readdirSync(path)) if (e !== 'node_modules' && e !== 'dist') visit(join(path, e));
  };
  for (const p of paths) visit(join(root, p));
  return max;
}

function builtAt(file) {
  try {
    return statSync(join(root, file)).mtimeMs;
  } catch {
    return -1;
  }
}

// tsup with the package's own configuration, minus what the service does not load.
const quickTsup = `import { build } from 'tsup'; await build({ dts: false, format: ['esm'], sourcemap: false, treeshake: false, silent: true });`;

const parts = [
  {
    name: 'catq',
    output: 'dist/index.js',
    inputs: ['src', 'tsup.config.ts', 'package.json', 'package-lock.json'],
    command: [process.execPath, ['--input-type=module', '-e', quickTsup]],
    cwd: root,
  },
  {
    name: 'catq-server',
    output: 'packages/server/dist/demo.js',
    inputs: ['packages/server/src', 'packages/server/tsup.config.ts', 'packages/server/package.json'],
    command: [process.execPath, ['--input-type=module', '-e', quickTsup]],
    cwd: join(root, 'packages/server'),
  },
  {
    name: 'the playground page',
    output: 'packages/playground/dist/index.html',
    inputs: ['packages/playground', 'src', 'examples/catalog.json', 'examples/items.ndjson'],
    command: [process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent', '--workspace', 'catq-playground']],
    cwd: root,
  },
];

/** Runs one build with its output kept; resolves to undefined, or to the output if it failed. */
function run(part) {
  return new Promise((resolve) => {
    const child = spawn(part.command[0], part.command[1], { cwd: part.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => resolve(`${e.message}\n`));
    child.on('close', (code) => resolve(code === 0 ? undefined : out || `exit status ${code}\n`));
  });
}

const stale = parts.filter((p) => builtAt(p.output) < newest(p.inputs));
if (stale.length) {
  process.stdout.write(`Building ${stale.map((p) => p.name).join(', ')} for the sample service (only what changed since the last build) ...\n`);
  const results = await Promise.all(stale.map(run));
  const failed = stale.filter((_, i) => results[i] !== undefined);
  if (failed.length) {
    for (const p of failed) process.stderr.write(`\nThe build of ${p.name} failed:\n${results[stale.indexOf(p)]}`);
    process.exit(1);
  }
}
await import(pathToFileURL(join(root, 'packages/server/dist/demo.js')).href);
