#!/usr/bin/env node
/**
 * `npm start`: the sample service (packages/server's demo: catq-server on embedded PGlite with
 * examples/catalog.json and examples/items.ndjson) and its page.
 *
 * It builds only what the service and the page need, and only the parts whose build is older than
 * their sources: catq's ES modules (no declarations, no CommonJS, no source maps), catq-server's
 * bundle and the playground page, side by side. While it builds it prints one line; a failed
 * build prints that build's output and exits 1. `npm run build` still makes the whole package.
 * It takes no arguments (PORT and HOST set the address); a bad one is one line and exit status 2.
 * `--build-only` builds and stops: `npm ci` runs it (the `prepare` script), so the first
 * `npm start` after `npm ci` finds the build done and only starts the service.
 *
 * Ctrl-C (SIGINT, which a terminal sends to npm, the shell and node together) or SIGTERM at any
 * moment ends it: the service installs its own signal handlers (which close it) only once it
 * listens, and until then a signal's default action would end node without running its exit
 * handlers. So until the service takes the signals over, this script turns them into a normal
 * exit (process.exit runs the exit handlers).
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// `--build-only`: build what is stale and stop (npm runs it as `prepare`, at the end of `npm ci`,
// so that the first `npm start` after it only starts the service).
const buildOnly = process.argv[2] === '--build-only' && process.argv.length === 3;
if (process.argv.length > 2 && !buildOnly) {
  process.stderr.write(`npm start: unexpected argument "${process.argv[2]}": it takes none (PORT=9000 npm start sets the port, HOST the address)\n`);
  process.exit(2);
}
const port = process.env.PORT;
if (port !== undefined && port !== '' && (!/^[0-9]{1,5}$/.test(port) || Number(port) > 65535)) {
  process.stderr.write(`npm start: PORT=${port} is not a port: give a whole number from 0 to 65535 (0 picks a free one)\n`);
  process.exit(2);
}

// Until the service installs its own handlers (it then has two listeners here), a signal ends
// the process through process.exit, so that exit handlers run: 130 and 143 as a shell reports them.
for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.on(signal, () => {
    if (process.listenerCount(signal) === 1) process.exit(status);
  });
}

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

/** The builds running, stopped if this process ends first. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill();
});

/** Runs one build with its output kept; resolves to undefined, or to the output if it failed. */
function run(part) {
  return new Promise((resolve) => {
    const child = spawn(part.command[0], part.command[1], { cwd: part.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.on('exit', () => running.delete(child));
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
if (!buildOnly) await import(pathToFileURL(join(root, 'packages/server/dist/demo.js')).href);
