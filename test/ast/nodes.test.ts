import { describe, expect, it } from 'vitest';
import { clause, isOperator, OPERATOR_NAMES, query, queryEqual, span, stripSpans } from '../../src/ast/index.js';
import { LineIndex } from '../../src/diagnostics/index.js';

describe('AST nodes', () => {
  it('builds frozen plain data that survives JSON', () => {
    const c = clause('<', 'price', 20, { spans: { clause: span(0, 10), field: span(0, 5), value: span(8, 10) } });
    const q = query([c], { span: span(0, 10), syntax: 'infix' });
    expect(Object.isFrozen(q)).toBe(true);
    expect(Object.isFrozen(q.clauses)).toBe(true);
    expect(Object.isFrozen(c.spans)).toBe(true);
    expect(JSON.parse(JSON.stringify(q))).toEqual(q);
  });

  it('compares structurally, ignoring spans', () => {
    const a = query([clause('=', 'brand', 'Acme', { spans: { clause: span(0, 1), field: span(0, 1), value: span(0, 1) } })]);
    const b = query([clause('=', 'brand', 'Acme')]);
    expect(queryEqual(a, b)).toBe(true);
    expect(queryEqual(a, query([clause('=', 'brand', 'acme')]))).toBe(false);
    expect(queryEqual(a, query([clause('one-of', 'brand', ['Acme'])]))).toBe(false);
    expect(queryEqual(a, query([]))).toBe(false);
    expect(stripSpans(a).clauses[0]?.spans).toBeUndefined();
  });

  it('knows exactly the nine operators, case-sensitively', () => {
    expect(OPERATOR_NAMES).toHaveLength(9);
    for (const op of OPERATOR_NAMES) expect(isOperator(op)).toBe(true);
    for (const bad of ['==', 'ONE-OF', 'present', 'Matches', '!=', 'or', 5, null]) expect(isOperator(bad)).toBe(false);
  });
});

describe('LineIndex', () => {
  it('maps offsets to 1-based lines and columns across \\n, \\r\\n and \\r', () => {
    const idx = new LineIndex('ab\ncd\r\nef\rg');
    expect(idx.at(0)).toEqual({ line: 1, column: 1 });
    expect(idx.at(2)).toEqual({ line: 1, column: 3 });
    expect(idx.at(3)).toEqual({ line: 2, column: 1 });
    expect(idx.at(7)).toEqual({ line: 3, column: 1 });
    expect(idx.at(10)).toEqual({ line: 4, column: 1 });
    expect(idx.at(99)).toEqual({ line: 4, column: 2 });
    expect(idx.lineText(2)).toBe('cd');
    expect(idx.lineCount).toBe(4);
  });
});
