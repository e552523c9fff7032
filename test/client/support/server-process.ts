/**
 * Starts this repository's catalog service (packages/server, built) as a child process on
 * embedded PGlite with one catalog, its items and an API key (and, optionally, more catalogs
 * without items); resolves once it prints `listening on http://HOST:PORT`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Catalog } from '../../../src/index.js';

const root = join(__dirname, '..', '..', '..');

/** Whether the service is part of the repository (its tests then run; `npm test` builds it first). */
export const SERVER_PRESENT = existsSync(join(root, 'packages', 'server', 'src', 'cli.ts'));

export interface ServerProcess {
  readonly url: string;
  stop(): void;
}

export async function startCatqServer(catalog: Catalog, items: readonly unknown[], apiKey: string, moreCatalogs: readonly Catalog[] = []): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'catq-client-'));
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
  writeFileSync(join(dir, 'items.ndjson'), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  const more = moreCatalogs.flatMap((c, i) => {
    const file = join(dir, `catalog-${i + 1}.json`);
    writeFileSync(file, JSON.stringify(c));
    return ['--catalog', file];
  });
  const bin = join(root, 'packages', 'server', 'bin', 'catq-server.js');
  const args = [bin, '--port', '0', '--catalog', join(dir, 'catalog.json'), ...more, '--items', join(dir, 'items.ndjson'), '--api-key', apiKey];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`catq-server exited with ${code}: ${err}`)));
  }).catch((e: unknown) => {
    stop();
    throw e;
  });
  return { url, stop };
}
