/**
 * Every ```ts example of the client's guide runs against this repository's catalog service,
 * started here as a process (its `assert` lines are checked), and type-checks under the
 * repository's compiler settings.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, products } from './support/catalog.js';
import { SERVER_PRESENT, startCatqServer, type ServerProcess } from './support/server-process.js';

const root = join(__dirname, '..', '..');
const dir = join(root, 'test-artifacts', 'docs-examples');
// The client's guide: docs/sdk-client.md, or once folded into docs/sdk.md, its part from the
// `## The client` heading on (the part before it is the builder's, run by test/builder).
const own = join(root, 'docs', 'sdk-client.md');
const doc = existsSync(own) ? readFileSync(own, 'utf8') : (readFileSync(join(root, 'docs', 'sdk.md'), 'utf8').split(/^## The client\b/m)[1] ?? '');
const examples = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) =>
  (m[1] as string).replaceAll("from 'catq/client'", "from '../../src/client/index.js'").replaceAll("from 'catq/builder'", "from '../../src/builder/index.js'"),
);

const API_KEY = 'docs-example-key';
let server: ServerProcess | undefined;

describe.runIf(SERVER_PRESENT)('docs/sdk-client.md', () => {
  beforeAll(async () => {
    server = await startCatqServer(CATALOG, products(300), API_KEY);
    process.env.CATQ_URL = server.url;
    process.env.CATQ_API_KEY = API_KEY;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    examples.forEach((code, i) => writeFileSync(join(dir, `example-${i + 1}.ts`), `${code}\nexport {};\n`));
  });
  afterAll(() => server?.stop());

  it('has examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(7);
  });

  for (let i = 0; i < examples.length; i++) {
    it(`example ${i + 1} runs`, async () => {
      await import(join(dir, `example-${i + 1}.ts`));
    });
  }

  it('examples type-check', () => {
    const config = join(dir, 'tsconfig.json');
    writeFileSync(config, JSON.stringify({ extends: '../../tsconfig.json', compilerOptions: { noUnusedLocals: false }, include: ['./*.ts'] }));
    let out = '';
    try {
      execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', config], { encoding: 'utf8' });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(out).toBe('');
  });
});
