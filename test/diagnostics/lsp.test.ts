import { describe, expect, it } from 'vitest';
import { diagnostic, toLspDiagnostics, type Diagnostic } from '../../src/diagnostics/index.js';

const at = (start: number, end: number, severity?: 'error' | 'warning' | 'info'): Diagnostic =>
  diagnostic('schema/empty-one-of', { field: 'f' }, { span: { start, end }, path: '/0/1', ...(severity ? { severity } : {}) });

describe('toLspDiagnostics', () => {
  it('uses 0-based lines and characters', () => {
    const source = 'ab\ncd\r\nef\rgh';
    const [d] = toLspDiagnostics([at(source.indexOf('d'), source.indexOf('g') + 1)], source);
    expect(d!.range).toEqual({ start: { line: 1, character: 1 }, end: { line: 3, character: 1 } });
  });

  it('counts characters in UTF-16 code units: an astral character counts 2', () => {
    const source = '["😀", "𝒳x", 1]';
    const x = source.indexOf('x');
    const [d] = toLspDiagnostics([at(x, x + 1)], source);
    // [ " 😀(2) " , space " 𝒳(2): x is code unit 10.
    expect(d!.range).toEqual({ start: { line: 0, character: 10 }, end: { line: 0, character: 11 } });
  });

  it('maps severities and carries code, source, message and fixes', () => {
    const fix = { title: 't', edits: [{ span: { start: 0, end: 1 }, newText: 'x' }] };
    const withFix = diagnostic('schema/type-mismatch', { field: 'f', type: 'Number', expected: 'a number', found: 'x' }, { span: { start: 0, end: 1 }, fixes: [fix] });
    const out = toLspDiagnostics([at(0, 0), at(0, 0, 'warning'), at(0, 0, 'info'), withFix], 'x');
    expect(out.map((d) => d.severity)).toEqual([1, 2, 3, 1]);
    expect(out[0]).toMatchObject({ code: 'schema/empty-one-of', source: 'catq', message: expect.any(String) });
    expect(out[0]).not.toHaveProperty('data');
    expect(out[3]!.data).toEqual({ fixes: [{ title: 't', edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, newText: 'x' }] }] });
  });

  it('gives fixes as ready LSP edits, on the right lines', () => {
    const source = 'a\nprice < "20"';
    const start = source.indexOf('"20"');
    const fix = { title: 'Use the number 20', edits: [{ span: { start, end: start + 4 }, newText: '20' }] };
    const d = diagnostic('schema/type-mismatch', { field: 'price', type: 'Number', expected: 'a number', found: '"20"' }, { span: { start, end: start + 4 }, fixes: [fix] });
    const [out] = toLspDiagnostics([d], source);
    expect(out!.data!.fixes[0]!.edits[0]).toEqual({ range: { start: { line: 1, character: 8 }, end: { line: 1, character: 12 } }, newText: '20' });
  });

  it('keeps related places as relatedInformation in the document given by uri', () => {
    const source = 'price < 5 and\nprice > 10';
    const related = [{ message: 'the other clause', span: { start: 14, end: 24 } }, { message: 'no place' }];
    const d = diagnostic('schema/never-true', { field: 'price', reason: 'r' }, { span: { start: 0, end: 9 }, related });
    const [out] = toLspDiagnostics([d], source, { uri: 'file:///q.catq' });
    expect(out!.relatedInformation).toEqual([
      { location: { uri: 'file:///q.catq', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 10 } } }, message: 'the other clause' },
      { location: { uri: 'file:///q.catq', range: out!.range }, message: 'no place' },
    ]);
    expect(toLspDiagnostics([at(0, 1)], 'x')[0]).not.toHaveProperty('relatedInformation');
  });

  it('tags clauses that change nothing as unnecessary', () => {
    const dup = diagnostic('schema/duplicate-clause', { field: 'price' }, { span: { start: 0, end: 1 } });
    expect(toLspDiagnostics([dup, at(0, 1)], 'x').map((d) => d.tags)).toEqual([[1], undefined]);
  });

  it('covers the whole text when a diagnostic has no span, and handles the end of the text', () => {
    const source = 'one\ntwo';
    const noSpan = diagnostic('wire/not-an-array', { found: 'x' }, { path: '' });
    const [whole, end] = toLspDiagnostics([noSpan, at(7, 7)], source);
    expect(whole!.range).toEqual({ start: { line: 0, character: 0 }, end: { line: 1, character: 3 } });
    expect(end!.range).toEqual({ start: { line: 1, character: 3 }, end: { line: 1, character: 3 } });
  });

  it('clamps offsets past the end of the text instead of inventing lines', () => {
    const [d] = toLspDiagnostics([at(2, 99)], 'abc');
    expect(d!.range).toEqual({ start: { line: 0, character: 2 }, end: { line: 0, character: 3 } });
  });
});
