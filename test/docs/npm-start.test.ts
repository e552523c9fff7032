// `npm start`, as the README tells a newcomer to run it, stopped with Ctrl-C: a terminal sends
// SIGINT to its whole foreground process group (npm, the shell npm runs the script in, node),
// so the test starts `npm start` as a process group of its own and sends SIGINT to the group,
// once while the service is starting (its first line printed, its database being loaded) and
// once when it listens. Each time the group must end and leave nothing in the temporary folder
// (the demo's database is in memory; an older demo worked on a /tmp/catq-demo-* copy): TMPDIR
// points at a folder of the test's own, which must be empty afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const temps: string[] = [];

afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** Whether a process group still has a member. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `npm start` in its own process group with TMPDIR set to a fresh folder, sends SIGINT to
 * the group when `when` says so, and resolves once every process of the group has ended: the
 * output, and what is left in TMPDIR.
 */
async function startAndInterrupt(when: 'starting' | 'listening'): Promise<{ out: string; left: string[] }> {
  const tmp = mkdtempSync(join(tmpdir(), 'catq-start-test-'));
  temps.push(tmp);
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, PORT: '0', TMPDIR: tmp }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pgid = child.pid!;
  let out = '';
  let sent = false;
  const interrupt = (): void => {
    if (sent) return;
    sent = true;
    process.kill(-pgid, 'SIGINT'); // Ctrl-C
  };
  child.stdout.on('data', (d) => {
    out += String(d);
    if (out.includes(when === 'listening' ? 'listening on' : 'Starting catq-server')) interrupt();
  });
  child.stderr.on('data', (d) => (out += String(d)));
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => (sent ? resolve() : reject(new Error(`npm start ended before it was interrupted:\n${out}`))));
  });
  // npm may end before node has finished stopping: wait for the whole group.
  const deadline = Date.now() + 30_000;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const alive = groupAlive(pgid);
  if (alive) process.kill(-pgid, 'SIGKILL');
  expect(alive, `a process of npm start's group was still running 30 s after Ctrl-C:\n${out}`).toBe(false);
  return { out, left: readdirSync(tmp) };
}

describe('npm start stopped with Ctrl-C (SIGINT to its process group) ends and leaves nothing in TMPDIR', () => {
  it('while the service starts', async () => {
    const { out, left } = await startAndInterrupt('starting');
    expect(left, `left behind in TMPDIR; npm start printed:\n${out}`).toEqual([]);
  }, 300_000);

  it('once it listens', async () => {
    const { out, left } = await startAndInterrupt('listening');
    expect(out).toContain('listening on');
    expect(left, `left behind in TMPDIR; npm start printed:\n${out}`).toEqual([]);
  }, 300_000);
});

describe('npm start on a port another process holds', () => {
  it('says so in one line, with the PORT to set, and exits 2', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()));
    const address = holder.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const r = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, PORT: String(port) }, encoding: 'utf8', timeout: 240_000 });
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(`catq-server: the service cannot listen on 127.0.0.1:${port}: another process listens there. Give another PORT (PORT=8081 npm start), or stop that process.\n`);
    } finally {
      holder.close();
    }
  }, 300_000);
});
