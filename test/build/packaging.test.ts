/**
 * The packed tarball as the ecosystem's tools see it: publint (package.json fields, exports and
 * imports maps, files present) and @arethetypeswrong/cli (types resolve the same way the code
 * does, under node10, node16 from CJS and ESM, and bundlers) report nothing. Both run offline on
 * the tarball `npm pack` writes (scripts off: `npm test` has built dist/ already).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
let dir: string;
let tarball: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'catq-pack-'));
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  tarball = join(dir, (JSON.parse(out) as { filename: string }[])[0]!.filename);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the packed tarball', () => {
  it('publint reports nothing', async () => {
    const data = readFileSync(tarball);
    const { messages, pkg } = await publint({ pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer }, strict: true });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, pkg) ?? m.code}`)).toEqual([]);
  }, 60_000);

  it('@arethetypeswrong/cli reports nothing for any entry', () => {
    const cli = join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    let out: string;
    try {
      out = execFileSync(process.execPath, [cli, tarball, '--format', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      throw new Error(`attw failed: ${String((e as { stdout?: string }).stdout ?? e)}`);
    }
    const result = JSON.parse(out) as { problems: Record<string, unknown[]>; analysis: { entrypoints: Record<string, unknown> } };
    expect(Object.keys(result.analysis.entrypoints)).toEqual(expect.arrayContaining(['.', './wire', './syntax', './listing', './builder', './client', './codemirror']));
    expect(result.problems).toEqual({});
  }, 120_000);
});
