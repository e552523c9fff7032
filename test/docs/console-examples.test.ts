// Every `$ catq ...` command of a ```console block in README.md and docs/ prints what the block
// shows, and exits with the status its `# exit status N` line gives. The commands run in a shell,
// from the repository root, with `catq` on the PATH (the built CLI). Those that talk to the
// service (`--service http://127.0.0.1:8080`) run against the sample service of `npm start`,
// started here on a free port: the block's port is replaced by it, in the command and in what it
// prints, and port 8081 (the block of a service that is not running) by a port nothing listens
// on. After an `export CATQ_API_KEY=...` line, the file's commands have the sample service's key. A command whose service is a
// placeholder (`https://catalog.example.com`) cannot run here and is listed in PLACEHOLDERS, so
// that a new command is never passed over unseen. The curl lines `npm start` prints under "Try:"
// run too, against the same service.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFiles } from './blocks.js';
import { startSampleService, type SampleService } from './sample-service.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** One `$ ...` line of a console block and what the block shows after it. */
interface ConsoleCommand {
  readonly file: string;
  readonly line: number;
  readonly command: string;
  readonly output: readonly string[];
  readonly exit?: number;
  /** An `export CATQ_API_KEY=...` line came before it in the file (a reader's shell keeps it). */
  readonly withKey: boolean;
}

function consoleCommands(file: string, text: string): ConsoleCommand[] {
  const out: ConsoleCommand[] = [];
  const lines = text.split('\n');
  let withKey = false;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```console') continue;
    let j = i + 1;
    while (j < lines.length && lines[j] !== '```') {
      const line = lines[j] as string;
      if (!line.startsWith('$ ')) {
        j++;
        continue;
      }
      const at = j + 1;
      const command = line.slice(2);
      if (/^export CATQ_API_KEY=/.test(command)) withKey = true;
      const shown: string[] = [];
      for (j++; j < lines.length && lines[j] !== '```' && !(lines[j] as string).startsWith('$ '); j++) shown.push(lines[j] as string);
      while (shown.length && shown.at(-1) === '') shown.pop();
      const exit = /^# exit status (\d+)$/.exec(shown.at(-1) ?? '');
      if (exit) shown.pop();
      out.push({ file, line: at, command, output: shown, ...(exit ? { exit: Number(exit[1]) } : {}), withKey });
    }
    i = j;
  }
  return out;
}

const all = docFiles(root).flatMap((f) => consoleCommands(f, readFileSync(join(root, f), 'utf8')));
// Set-up lines (npm, exports, node dist/cli.js as the first step) are not catq commands.
const catqCommands = all.filter((c) => /^(CATQ_API_KEY=\S+ )?catq /.test(c.command));
const PLACEHOLDERS = new Set([
  'catq types --service https://catalog.example.com --catalog 700 --out src/catalog.ts',
  'catq types --service https://catalog.example.com --catalog 700 --out src/catalog.ts --check',
]);
const runnable = catqCommands.filter((c) => !PLACEHOLDERS.has(c.command));

let service: SampleService | undefined;
let serviceUrl = '';
let serviceKey = '';
let closedPort = 0;
const bin = mkdtempSync(join(tmpdir(), 'catq-console-'));

/** A port nothing listens on: one the system gave, then closed. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  writeFileSync(join(bin, 'catq'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(root, 'dist', 'cli.js'))} "$@"\n`);
  chmodSync(join(bin, 'catq'), 0o755);
  closedPort = await freePort();
  service = await startSampleService(root);
  serviceUrl = service.url;
  serviceKey = service.key;
}, 240_000);

afterAll(() => {
  service?.stop();
  rmSync(bin, { recursive: true, force: true });
});

/** The block's addresses, as this test runs them. */
function local(text: string): string {
  return text.replaceAll('http://127.0.0.1:8080', serviceUrl).replaceAll('127.0.0.1:8081', `127.0.0.1:${closedPort}`);
}

describe('the commands npm start prints to try', () => {
  it('each curl line runs as printed and gets a JSON answer without Errors, in the order printed', () => {
    const lines = (service?.banner ?? '').split('\n').filter((l) => l.startsWith('  curl '));
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) {
      const r = spawnSync('sh', ['-c', line.trim()], { cwd: root, encoding: 'utf8', timeout: 60_000 });
      expect(r.status, line).toBe(0);
      const body = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(body, line).not.toHaveProperty('Errors');
    }
  });
});

describe('console examples of the docs', () => {
  it('are found, and every catq command either runs here or is a listed placeholder', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(15);
    expect(catqCommands.filter((c) => PLACEHOLDERS.has(c.command)).map((c) => c.command).sort()).toEqual([...PLACEHOLDERS].sort());
    for (const c of runnable) expect(c.command, `${c.file}:${c.line}`).not.toMatch(/example\.com/);
  });

  it.each(runnable.map((c) => [`${c.file}:${c.line} ${c.command.slice(0, 70)}`, c] as const))('%s', (_name, c) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
    delete env.FORCE_COLOR;
    delete env.CATQ_API_KEY;
    if (c.withKey) env.CATQ_API_KEY = serviceKey;
    const r = spawnSync('sh', ['-c', local(c.command)], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
    const printed = (r.stdout + r.stderr).replace(/\n+$/, '');
    expect(printed, `${c.file}:${c.line}: what \`${c.command}\` prints`).toBe(local(c.output.join('\n')));
    if (c.exit !== undefined) expect(r.status, `${c.file}:${c.line}: the exit status`).toBe(c.exit);
    else expect(r.status, `${c.file}:${c.line}: the exit status`).toBe(0);
  });
});
