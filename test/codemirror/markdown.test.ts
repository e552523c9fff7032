/** The Markdown of hover texts, parsed into paragraphs and inline pieces. */
import { describe, expect, test } from 'vitest';
import { parseInline, parseMarkdown } from '../../src/codemirror/markdown.js';

describe('parseMarkdown', () => {
  test('paragraphs, strong and code', () => {
    expect(parseMarkdown('**price**: Number\n\nOperators: `=`, `<`\n\n')).toEqual([
      [{ kind: 'strong', text: 'price' }, { kind: 'text', text: ': Number' }],
      [{ kind: 'text', text: 'Operators: ' }, { kind: 'code', text: '=' }, { kind: 'text', text: ', ' }, { kind: 'code', text: '<' }],
    ]);
  });

  test('a code span holding back-quotes closes at a run of the same length', () => {
    expect(parseInline('``a`b`` x')).toEqual([{ kind: 'code', text: 'a`b' }, { kind: 'text', text: ' x' }]);
    expect(parseInline('`` `it` ``')).toEqual([{ kind: 'code', text: '`it`' }]);
  });

  test('unclosed markers and markup-looking text stay text', () => {
    expect(parseInline('a `b and **c')).toEqual([{ kind: 'text', text: 'a `b and **c' }]);
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
    expect(parseInline('****')).toEqual([{ kind: 'text', text: '****' }]);
  });
});
