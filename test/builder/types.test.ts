import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Compiles test/builder/types/builder-types.ts with the TypeScript API and its own tsconfig, as
// `tsc --noEmit -p test/builder/types` would. Then compiles it again with every
// `@ts-expect-error` directive removed, to prove each of those lines fails for itself and no
// other line does (an error elsewhere in a statement would otherwise satisfy a directive).

const dir = join(__dirname, 'types');
const file = join(dir, 'builder-types.ts');

let previous: ts.Program | undefined;

/** The diagnostics of the type tests (with `replace` as the file's text); reuses the last program's unchanged files. */
function compile(replace?: string): readonly ts.Diagnostic[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('cannot read test/builder/types/tsconfig.json');
  const host = ts.createCompilerHost(config.options);
  if (replace !== undefined) {
    const read = host.readFile.bind(host);
    host.readFile = (name) => (name === file ? replace : read(name));
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang, onError, fresh) =>
      name === file ? ts.createSourceFile(name, replace, lang) : getSourceFile(name, lang, onError, fresh);
  }
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host, ...(previous ? { oldProgram: previous } : {}) });
  previous = program;
  return ts.getPreEmitDiagnostics(program);
}

function show(d: ts.Diagnostic): string {
  const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
  return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
}

describe('builder types', () => {
  const source = readFileSync(file, 'utf8');
  const lines = source.split('\n');
  const expected = lines.flatMap((l, i) => (l.trim().startsWith('// @ts-expect-error') ? [i + 2] : []));

  it('compile with tsc: the positive cases, and every @ts-expect-error line is an error', () => {
    expect(expected.length).toBeGreaterThanOrEqual(20);
    expect(compile().map(show)).toEqual([]);
  });

  it('fail exactly on the lines marked @ts-expect-error once the directives are removed', () => {
    const stripped = lines.map((l) => (l.trim().startsWith('// @ts-expect-error') ? '//' : l)).join('\n');
    const diagnostics = compile(stripped);
    const failing = new Set(
      diagnostics.filter((d) => d.file?.fileName === file && d.start !== undefined).map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1),
    );
    expect(diagnostics.filter((d) => d.file?.fileName !== file).map(show)).toEqual([]);
    expect([...failing].sort((a, b) => a - b)).toEqual(expected);
  });
});
