import { describe, expect, test } from 'vitest';
import { checkText } from '../../src/lsp/check-text.js';
import { DocumentChecker } from '../../src/lsp/document-checker.js';
import { lint } from '../../src/editor/syntax-entry.js';
import { catalog } from '../syntax/fixtures.js';

describe('checkText without a catalog: the syntax alone', () => {
  test('infix: syntax errors only, fields are not checked', () => {
    expect(checkText('colr = 1', undefined).diagnostics).toEqual([]);
    expect(checkText('colr = = 1', undefined).diagnostics.map((d) => d.code)).toEqual(['syntax/unexpected-token']);
  });

  test('wire: decode errors with spans in the text as given, percent-encoded or not', () => {
    const plain = '[["a", 1], [1]]';
    const [d] = checkText(plain, undefined).diagnostics;
    expect(d!.code).toBe('wire/bad-clause');
    expect(plain.slice(d!.span!.start, d!.span!.end)).toBe('[1]');
    const encoded = encodeURIComponent(plain);
    const [e] = checkText(encoded, undefined).diagnostics;
    expect(encoded.slice(e!.span!.start, e!.span!.end)).toBe('%5B1%5D');
    expect(checkText(encoded, undefined).syntax).toBe('wire');
  });
});

describe('DocumentChecker', () => {
  test('with a catalog: the same as lint, whatever the syntax, version after version', () => {
    const checker = new DocumentChecker();
    for (const text of ['price = "1" and colr = 2', 'price = "1" and color = 2', '[["price","1"]]', encodeURIComponent('[["price","1"]]'), '(price = 1) or x']) {
      expect(checker.check(text, catalog).diagnostics).toEqual(lint(text, catalog).diagnostics);
    }
  });
});
