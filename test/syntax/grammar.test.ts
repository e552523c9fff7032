/**
 * The grammar itself: Chevrotain's self-checks (skipped in production), the generated artefacts
 * being up to date, and the lazy loading of Chevrotain.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { createGrammar } from '../../src/syntax/grammar.js';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url);

/** Node 20 lacks Object.groupBy, which Chevrotain's grammar checks call: a spec-compliant one, installed only when missing. */
function ensureGroupBy(): void {
  if (typeof (Object as { groupBy?: unknown }).groupBy === 'function') return;
  Object.defineProperty(Object, 'groupBy', {
    configurable: true,
    writable: true,
    value<T>(items: Iterable<T>, keyOf: (item: T, index: number) => PropertyKey): Record<PropertyKey, T[]> {
      const out = Object.create(null) as Record<PropertyKey, T[]>;
      let i = 0;
      for (const item of items) {
        const key = keyOf(item, i++);
        const k = typeof key === 'symbol' ? key : String(key);
        (out[k] ??= []).push(item);
      }
      return out;
    },
  });
}

describe('grammar', () => {
  test("passes Chevrotain's self-checks (ambiguities, left recursion, duplicates)", () => {
    ensureGroupBy();
    const chev = require('chevrotain');
    // performSelfAnalysis throws on any grammar definition error when validations are on.
    const g = createGrammar(chev, { validate: true });
    expect((g.parser as unknown as { definitionErrors: unknown[] }).definitionErrors).toEqual([]);
    g.parser.input = g.lexer.tokenize('a = 1 and b in [1, {"k": null}]').tokens;
    g.parser.query();
    expect(g.parser.errors).toEqual([]);
  });

  test('grammar/diagram.html and src/syntax/cst.d.ts are up to date', () => {
    // Throws (exit code 1) when a checked-in artefact differs from a fresh generation.
    execFileSync(process.execPath, ['grammar/generate.mjs', '--check'], { cwd: root, stdio: 'pipe' });
    expect(readFileSync(new URL('grammar/diagram.html', root), 'utf8')).toContain('clause');
  });

  test('every rule of grammar/query.ebnf is a rule of the parser', () => {
    const ebnf = readFileSync(new URL('grammar/query.ebnf', root), 'utf8');
    const chev = require('chevrotain');
    const rules = Object.keys(createGrammar(chev).parser.getGAstProductions());
    for (const r of rules) expect(ebnf).toMatch(new RegExp(`^${r}\\s*::=`, 'm'));
  });
});
