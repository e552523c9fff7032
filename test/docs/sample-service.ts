import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The sample service of `npm start`, running for a test: its address and key. */
export interface SampleService {
  readonly url: string;
  readonly key: string;
  /** What it printed on start: the address, the key, the commands to try. */
  readonly banner: string;
  stop(): void;
}

/**
 * Starts the sample service (packages/server's demo: catalog 1042 with 3,000 products) on a free
 * port and resolves once it has printed its address, its key and the rest of its banner (the
 * line that says how to stop it). `root` is the repository root.
 */
export function startSampleService(root: string): Promise<SampleService> {
  const child = spawn(process.execPath, [join(root, 'packages', 'server', 'dist', 'demo.js')], { env: { ...process.env, PORT: '0' } });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += String(d);
      const url = /listening on (\S+)/.exec(out)?.[1];
      const key = /API key: (\S+)/.exec(out)?.[1];
      if (url && key && out.includes('Ctrl-C stops it')) resolve({ url, key, banner: out, stop: () => child.kill('SIGINT') });
    });
    child.on('close', (code) => reject(new Error(`the sample service ended (${code}) before listening:\n${out}`)));
  });
}
