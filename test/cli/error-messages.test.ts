import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catq, SAMPLE_CATALOG, tempDir, writeTemp, type Run } from './helpers.js';

// An audit of the command line's error messages (every subcommand, given missing files,
// directories, empty files, BOMs, invalid JSON, wrong flag values, unknown flags): each message
// must name the place and the fix, print no stack trace, and exit with the status of an error.
// These are the ones that did not.

const dir = tempDir();
const directory = join(dir, 'a-directory');
mkdirSync(directory);
const emptyArray = writeTemp(dir, 'array.json', '[]');

/** One line `catq: error: ...`, then `fix: ...`; no stack trace; the status given. */
function expectError(r: Run, code: number, message: RegExp, fix: RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stderr).toMatch(/^catq: error: /);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).toMatch(new RegExp(`\\nfix: ${fix.source}`, 'm'));
  expect(r.stderr).not.toMatch(/^\s+at /m);
}

describe('catq types --catalog FILE (no sample default)', () => {
  // The fixes said "or leave --catalog out to use the sample catalog (examples/catalog.json)", and
  // types without --catalog is an error: it has no sample default.
  it('a missing file: the fix is to check the path, not to leave --catalog out', async () => {
    const r = await catq(['types', '--catalog', join(dir, 'no-such.json')]);
    expectError(r, 2, /cannot read the catalog file ".*no-such\.json": there is no such file\./, /check the path given to --catalog\.$/m);
    expect(r.stderr).not.toContain('sample');
  });

  it('an invalid catalog: the fix does not offer the sample either', async () => {
    const r = await catq(['types', '--catalog', emptyArray]);
    expectError(r, 2, /the catalog file ".*array\.json" is not a valid catalog \(1 error\)\./, /correct the catalog as each message says \(the JSON path names the place\)\.$/m);
    expect(r.stderr).not.toContain('sample');
  });
});

describe('files named by an error code', () => {
  it('--api-key-file DIRECTORY said "(EISDIR)"; now "it is a directory" and the fix', async () => {
    const r = await catq(['preflight', 'price < 20', '--service', 'http://127.0.0.1:9', '--catalog', '1042', '--api-key-file', directory]);
    expectError(r, 2, /cannot read the API key file ".*a-directory": it is a directory\./, /pass a file to --api-key-file\./);
    expect(r.stderr).not.toContain('EISDIR');
  });

  it('--api-key-file MISSING names the file and both ways to give the key', async () => {
    const r = await catq(['preflight', 'price < 20', '--service', 'http://127.0.0.1:9', '--catalog', '1042', '--api-key-file', join(dir, 'no-key.txt')]);
    expectError(r, 2, /cannot read the API key file ".*no-key\.txt": there is no such file\./, /check the path given to --api-key-file, or put the key in CATQ_API_KEY instead\./);
  });

  it('types --check --out DIRECTORY said "(EISDIR)" with exit 1, as if the module were out of date; now exit 2', async () => {
    const r = await catq(['types', '--catalog', SAMPLE_CATALOG, '--out', directory, '--check']);
    expectError(r, 2, /cannot read the module file ".*a-directory": it is a directory\./, /pass a file to --out\./);
    expect(r.stderr).not.toContain('EISDIR');
    // A missing module is still "out of date" (exit 1), as docs/cli.md says.
    const missing = await catq(['types', '--catalog', SAMPLE_CATALOG, '--out', join(dir, 'no-such.ts'), '--check']);
    expectError(missing, 1, /cannot read ".*no-such\.ts" to check it \(no such file\)\./, /run the same command without --check to write it\./);
  });
});

describe('number flags read as decimal numbers', () => {
  // `--examples ''` was read as 0 (Number('') is 0) and exited 0 showing no examples; '0x10' as 16,
  // ' 5' as 5, and `--max-share 0x1` as 1 (every item may match): wrong values passed in silence.
  it.each(['', ' 5', '0x10', '1e2', '-1', '1001', '2.5'])('preflight --examples %j is refused', async (value) => {
    const r = await catq(['preflight', 'price < 20', '--examples', value]);
    expectError(r, 2, new RegExp(`--examples must be a whole number from 0 to 1000, but it is ${JSON.stringify(JSON.stringify(value)).slice(1, -1)}\\.`), /for example --examples 5\./);
  });

  it.each(['', ' 0.5', '0x1', '0', '1.5', 'half'])('preflight --max-share %j is refused', async (value) => {
    const r = await catq(['preflight', 'price < 20', '--max-share', value]);
    expectError(r, 2, /--max-share must be a fraction above 0 and at most 1, but it is /, /for example --max-share 0\.5/);
  });

  it('good values still pass', async () => {
    for (const args of [['--examples', '0'], ['--examples', '1000'], ['--max-share', '.5'], ['--max-share', '1'], ['--max-share', '5e-1']]) {
      const r = await catq(['preflight', 'price < 20', ...args]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
  });
});

describe('catq run: the fix of a bad cursor option is the fix of that option', () => {
  // Every cursor problem got the same fix, "--limit takes a whole number from 1 to 1000;
  // --comparison (>, >=, <, <=) needs --boundary-id.", an empty --boundary-id included.
  it('--boundary-id ""', async () => {
    const r = await catq(['run', 'price < 20', '--boundary-id', '']);
    expectError(r, 2, /--boundary-id: "boundary-id" must be an item id/, /--boundary-id takes an item id as a page hint writes it \(102144, or '"102144"' for the string\)\.$/m);
    expect(r.stderr).not.toContain('--limit takes');
  });

  it('--comparison without --boundary-id, and two options at once', async () => {
    expectError(await catq(['run', 'price < 20', '--comparison', '<']), 2, /--comparison: "comparison" \(<\) needs a "boundary-id"/, /--comparison \(>, >=, <, <=\) needs --boundary-id\.$/m);
    const both = await catq(['run', 'price < 20', '--limit', '0', '--boundary-id', '']);
    expectError(both, 2, /bad cursor options:/, /--boundary-id takes .*; --limit takes a whole number from 1 to 1000\.$/m);
  });
});

describe('catq explain --id ""', () => {
  // It read every item, then said no item has the id "": an empty id is never an item's.
  it('is refused at once', async () => {
    const r = await catq(['explain', 'price < 20', '--id', '', '--items', emptyArray]);
    expectError(r, 2, /--id '' is the empty id, and no item has it/, /give the id of an item as catq run writes it, for example --id 100001\./);
    expectError(await catq(['explain', 'price < 20', '--id', '""']), 2, /--id '""' is the empty id/, /give the id of an item/);
  });
});

describe('catq lsp: unknown options', () => {
  // lsp lets options through for editors (--clientProcessId), and so a misspelt --catalog was
  // ignored in silence: the server started without the catalog.
  it('a misspelt option or a stray argument is refused before the server starts', async () => {
    const r = await catq(['lsp', '--stdio', '--catlog', SAMPLE_CATALOG]);
    expectError(r, 2, /catq lsp: unknown option "--catlog"\./, /the options are --stdio, --catalog FILE and --items FILE/);
    expect(r.stdout).toBe('');
    expectError(await catq(['lsp', '--stdio', 'catalog.json']), 2, /catq lsp: unexpected argument "catalog\.json"\./, /the options are/);
  });

  it('--clientProcessId, in both forms, is what an editor adds: accepted', async () => {
    for (const args of [['--clientProcessId=123'], ['--clientProcessId', '123']]) {
      // Standard input is closed: the server starts, reads the end of its input and exits 1 (no shutdown).
      const r = await catq(['lsp', '--stdio', ...args]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toBe('');
    }
  });
});
