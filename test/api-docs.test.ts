/**
 * The root entry is the front door: every name it exports (values and types) has a line in the
 * front-door section of docs/api.md, so a new root export cannot slip in unexplained.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');

/** Every name src/index.ts exports, as the type checker sees them. */
function rootExports(): string[] {
  const file = join(root, 'src', 'index.ts');
  const program = ts.createProgram({ rootNames: [file], options: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, skipLibCheck: true, types: [] } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error('src/index.ts has no module symbol');
  return checker.getExportsOfModule(symbol).map((s) => s.getName()).sort();
}

/** The text of docs/api.md from the front-door heading to the next `## ` heading. */
function frontDoorSection(): string {
  const doc = readFileSync(join(root, 'docs', 'api.md'), 'utf8');
  const start = doc.search(/^## The front door/m);
  expect(start, 'docs/api.md has a "## The front door" section').toBeGreaterThanOrEqual(0);
  const rest = doc.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

describe('docs/api.md and the root entry', () => {
  const names = rootExports();
  const section = frontDoorSection();

  it('exports a small front door', () => {
    expect(names.length).toBeGreaterThan(20);
    expect(names).toEqual(expect.arrayContaining(['decode', 'validate', 'check', 'parse', 'format', 'lint', 'complete', 'compile', 'filter', 'listItems', 'QueryError', 'CODES', 'Query', 'Catalog', 'Diagnostic']));
    for (const internal of ['finalSigmaAt', 'multiCodePointLowers', 'lowerPreimages', 'tokenClassBody', 'assertNever', 'ownValue', 'ownOptions', 'guard', 'badArgument', 'deepFreeze']) expect(names).not.toContain(internal);
  });

  it('has a line in the front-door section for every root export', () => {
    const missing = names.filter((n) => !section.includes('`' + n + '`') && !new RegExp('`' + n + '\\(').test(section));
    expect(missing, 'root exports without a line in the front-door section of docs/api.md').toEqual([]);
  });
});
