import { describe, expect, it } from 'vitest';
import { diagnostic, MAX_SHOWN_COLUMNS, renderDiagnostics } from '../../src/diagnostics/index.js';

// Audit (CLI) items 12 and 20: a diagnostic printed its whole source line and a caret line as
// wide, however long the line (a 3 MB q gave 6 MB); C1 and bidirectional controls were echoed.

const at = (start: number, end: number) => diagnostic('wire/invalid-json', { detail: 'x' }, { span: { start, end } });

describe('renderDiagnostics shows a window of a long line', () => {
  it('a span in the middle of a 3 MB line: at most about 100 columns, cut with …, the caret under the span', () => {
    const line = 'a'.repeat(1_500_000) + 'XYZ' + 'b'.repeat(1_500_000);
    const out = renderDiagnostics([at(1_500_000, 1_500_003)], line);
    expect(out.length).toBeLessThan(600);
    const [, , , source, caret] = out.split('\n');
    expect(source).toMatch(/^1 \| …a+XYZb+…$/);
    expect(source!.length).toBeLessThanOrEqual(MAX_SHOWN_COLUMNS + 6);
    expect(caret!.indexOf('^^^')).toBe(source!.indexOf('XYZ'));
    expect(caret).toMatch(/\^{3}$/);
  });

  it('a short line is shown whole; a span at the end of a long line keeps the end', () => {
    expect(renderDiagnostics([at(2, 3)], 'abcdef').split('\n')[3]).toBe('1 | abcdef');
    const line = 'x'.repeat(500) + 'END';
    const [, , , source, caret] = renderDiagnostics([at(500, 503)], line).split('\n');
    expect(source).toMatch(/^1 \| …x+END$/);
    expect(caret!.indexOf('^')).toBe(source!.indexOf('END'));
  });

  it('C1 and bidirectional controls are shown as spaces', () => {
    const out = renderDiagnostics([at(0, 1)], 'a\u009b\u202eb');
    expect(out).toContain('1 | a  b');
  });
});
