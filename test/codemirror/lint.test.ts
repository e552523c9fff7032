/**
 * The linter on a bare EditorState: CodeMirror diagnostics have the ranges, severities and
 * messages of `lint`, quick fixes become actions whose transaction fixes the text, also after
 * the text moved under them.
 */
import { EditorState } from '@codemirror/state';
import { describe, expect, test } from 'vitest';
import { fixTransaction, lintState } from '../../src/codemirror/index.js';
import { lint } from '../../src/editor/syntax-entry.js';
import { catalog } from '../syntax/fixtures.js';

function state(doc: string): EditorState {
  return EditorState.create({ doc });
}

describe('lintState', () => {
  test('ranges, severities and codes are those of lint, with actions for the fixes', () => {
    const s = state('brnd = "Acme" and price < "20"');
    const { diagnostics } = lintState(s, catalog);
    expect(diagnostics.map((d) => [d.from, d.to, d.severity, d.source])).toEqual([
      [0, 4, 'error', 'schema/unknown-field'],
      [26, 30, 'error', 'schema/type-mismatch'],
    ]);
    expect(diagnostics[0]!.message).toBe(lint('brnd = "Acme" and price < "20"', catalog).diagnostics[0]!.message);
    expect(diagnostics.map((d) => d.actions?.map((a) => a.name))).toEqual([['Replace "brnd" with "brand"'], ['Replace "20" with 20']]);
  });

  test('a clean query has no diagnostic and gives the query', () => {
    const { diagnostics, result } = lintState(state('brand = "Acme" and price < 20'), catalog);
    expect(diagnostics).toEqual([]);
    expect(result.query?.clauses).toHaveLength(2);
  });

  test('related places are named in the message with line and column', () => {
    const s = state('brand = "a"\nand brand = "b"');
    const [d] = lintState(s, catalog).diagnostics;
    expect(d!.source).toBe('schema/never-true');
    expect(d!.severity).toBe('warning');
    expect(d!.message).toMatch(/\(at 1:1\)$/);
  });

  test('syntax errors at the end of the text get an empty range there', () => {
    const s = state('price < ');
    const { diagnostics } = lintState(s, catalog);
    expect(diagnostics.map((d) => [d.from, d.to, d.source])).toEqual([[8, 8, 'syntax/unexpected-token']]);
  });

  test('a bad catalog is a diagnostic over the whole text, not an exception', () => {
    const { diagnostics } = lintState(state('a = 1'), { nope: true } as never);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.from === 0 && d.to === 5 && d.severity === 'error')).toBe(true);
  });

  test('the wire form is linted too, ranges in the text as typed', () => {
    const text = '[["brnd","Acme"]]';
    const { diagnostics } = lintState(state(text), catalog);
    expect(diagnostics.map((d) => text.slice(d.from, d.to))).toEqual(['"brnd"']);
  });
});

describe('fixTransaction', () => {
  const fixOf = (s: EditorState, i = 0, j = 0) => {
    const result = lint(s.doc.toString(), catalog);
    const diagnostic = result.diagnostics[i]!;
    return { fix: diagnostic.fixes![j]!, diagnostic, linted: s.doc, from: diagnostic.span!.start };
  };

  test('applies every edit of a fix', () => {
    const s = state('color = "red" or color = "blue"');
    const target = fixOf(s);
    expect(target.diagnostic.code).toBe('syntax/no-or');
    const next = s.update(fixTransaction(s, target, catalog)!).state;
    expect(next.doc.toString()).toBe('color one-of ["red", "blue"]');
    expect(lintState(next, catalog).diagnostics).toEqual([]);
  });

  test('after an edit elsewhere, the fix is found again at its mapped place', () => {
    const s = state('brnd = "Acme"');
    const target = fixOf(s);
    const moved = s.update({ changes: { from: 0, insert: 'price < 2 and ' } });
    const from = moved.changes.mapPos(target.from, 1); // as the lint marks map (not inclusive)
    const next = moved.state.update(fixTransaction(moved.state, { ...target, from }, catalog)!).state;
    expect(next.doc.toString()).toBe('price < 2 and brand = "Acme"');
  });

  test('a fix whose problem is gone does nothing', () => {
    const s = state('brnd = "Acme"');
    const target = fixOf(s);
    const fixed = s.update({ changes: { from: 0, to: 4, insert: 'brand' } }).state;
    expect(fixTransaction(fixed, target, catalog)).toBeUndefined();
  });
});
