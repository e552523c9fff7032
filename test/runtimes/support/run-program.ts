/**
 * Runs program.mjs in one JavaScript runtime against the built package (dist/), as a child
 * process, and returns what it printed: Node and Bun run it as it is, Deno with no permission but
 * reading the repository and reaching the service, and Cloudflare's workerd runs it bundled by esbuild
 * (the browser/worker conditions) as a worker's `test` handler, with an outbound network that
 * may reach 127.0.0.1. The runtimes are this repository's devDependencies (`deno`, `bun`,
 * `workerd` on npm); see runtimeBinary for how each is found.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

export type Runtime = 'node' | 'deno' | 'bun' | 'workerd';

const root = resolve(__dirname, '..', '..', '..');
const program = join(root, 'test', 'runtimes', 'support', 'program.mjs');
const artifacts = join(root, 'test-artifacts', 'runtimes');
const MARK = 'CATQ_RESULT ';

/**
 * The executable of a runtime. `node_modules/.bin/<name>` is a link to the binary the package's
 * install script put in place; when the install scripts did not run (npm with `--ignore-scripts`,
 * or a policy that skips them), the binary is still in the package's platform-specific optional
 * dependency (`@deno/linux-x64-glibc`, `@oven/bun-linux-x64`, `@cloudflare/workerd-linux-64`, ...),
 * used then. Throws, naming what was tried, when neither runs: the tests then fail, never skip.
 */
export function runtimeBinary(name: Exclude<Runtime, 'node'>): string {
  const modules = join(root, 'node_modules');
  const arch = process.arch === 'x64' ? 'x64' : process.arch;
  const platformPackages: Record<typeof name, string[]> = {
    deno: [`@deno/${process.platform}-${arch}-glibc/deno`, `@deno/${process.platform}-${arch}/deno`],
    bun: [`@oven/bun-${process.platform}-${arch}/bin/bun`, `@oven/bun-${process.platform}-${arch}-baseline/bin/bun`],
    workerd: [`@cloudflare/workerd-${process.platform}-${process.arch === 'x64' ? '64' : arch}/bin/workerd`],
  };
  const candidates = [join(modules, '.bin', name), ...platformPackages[name].map((p) => join(modules, p))];
  for (const file of candidates) {
    if (!existsSync(file)) continue;
    const r = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 60_000 });
    if (r.status === 0) return file;
  }
  throw new Error(`no working ${name} binary; tried ${candidates.map((c) => relative(root, c)).join(', ')}. Run \`npm ci\` (package.json allowScripts lets its install script run).`);
}

/** The version a runtime reports (`deno --version`'s first line, ...). */
export function runtimeVersion(name: Runtime): string {
  if (name === 'node') return process.version;
  const r = spawnSync(runtimeBinary(name), ['--version'], { encoding: 'utf8' });
  return r.stdout.split('\n')[0]?.trim() ?? '';
}

/** Runs a process to its end; rejects on a non-zero exit or after `timeoutMs`. */
function run(file: string, args: readonly string[], cwd: string, timeoutMs = 120_000): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    // Decoded as a stream: a character split between two chunks stays whole.
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done({ stdout, stderr });
      else fail(new Error(`${relative(root, file)} ${args.join(' ')} ended with ${signal ?? code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`));
    });
  });
}

/** The result line the program printed (on stdout, or on stderr where workerd writes the log). */
function resultOf(output: { stdout: string; stderr: string }): unknown {
  const line = [...output.stdout.split('\n'), ...output.stderr.split('\n')].find((l) => l.includes(MARK));
  if (!line) throw new Error(`the program printed no result\n--- stdout\n${output.stdout}\n--- stderr\n${output.stderr}`);
  return JSON.parse(line.slice(line.indexOf(MARK) + MARK.length)) as unknown;
}

/** The entry module of Node, Deno and Bun: runs the program on `config` and prints the result. */
function scriptEntry(dir: string, config: unknown): string {
  const from = relative(dir, program).split('\\').join('/');
  return `import { run } from './${from}';\nconsole.log(${JSON.stringify(MARK)} + JSON.stringify(await run(${JSON.stringify(config)})));\n`;
}

/** The worker of workerd: `workerd test` calls its `test` handler. */
function workerEntry(dir: string, config: unknown): string {
  const from = relative(dir, program).split('\\').join('/');
  return `import { run } from './${from}';\nexport default {\n  async test() {\n    console.log(${JSON.stringify(MARK)} + JSON.stringify(await run(${JSON.stringify(config)})));\n  },\n};\n`;
}

/** workerd's configuration: one worker, its module, and an outbound network allowed to reach 127.0.0.1. */
const WORKERD_CONFIG = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .mainWorker),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
);

const mainWorker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2025-01-01",
  globalOutbound = "internet",
);
`;

/**
 * Runs program.mjs in `runtime` on `config` (JSON) and returns its result. The files written are
 * kept under test-artifacts/runtimes/<runtime>/ to be read after a failure.
 */
export async function runProgram(runtime: Runtime, config: unknown): Promise<unknown> {
  const dir = join(artifacts, runtime);
  const result = await runIn(runtime, dir, config);
  writeFileSync(join(dir, 'result.json'), JSON.stringify(result, null, 2) + '\n');
  return result;
}

async function runIn(runtime: Runtime, dir: string, config: unknown): Promise<unknown> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (runtime === 'workerd') {
    writeFileSync(join(dir, 'main.mjs'), workerEntry(dir, config));
    // As Cloudflare's tooling bundles a worker: the workerd/worker/browser conditions, one ES module.
    await build({ entryPoints: [join(dir, 'main.mjs')], bundle: true, format: 'esm', platform: 'browser', conditions: ['workerd', 'worker', 'browser'], target: 'es2022', outfile: join(dir, 'worker.js'), logLevel: 'silent' });
    writeFileSync(join(dir, 'config.capnp'), WORKERD_CONFIG);
    return resultOf(await run(runtimeBinary('workerd'), ['test', 'config.capnp'], dir));
  }
  const main = join(dir, 'main.mjs');
  writeFileSync(main, scriptEntry(dir, config));
  if (runtime === 'node') return resultOf(await run(process.execPath, [main], dir));
  if (runtime === 'bun') return resultOf(await run(runtimeBinary('bun'), [main], dir));
  const host = new URL((config as { baseUrl: string }).baseUrl).host;
  // Reading the repository (the program, dist/, node_modules/) and reaching the service: nothing else.
  return resultOf(await run(runtimeBinary('deno'), ['run', '--no-prompt', '--no-lock', `--allow-read=${root}`, `--allow-net=${host}`, main], dir));
}
