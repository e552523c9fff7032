/**
 * Completion on a bare EditorState: the proposals of `complete`, with CodeMirror's range rules.
 */
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, test } from 'vitest';
import { catq, completionSource } from '../../src/codemirror/index.js';
import { isQueryError, type QueryError } from '../../src/diagnostics/index.js';
import { complete } from '../../src/editor/syntax-entry.js';
import { catalog } from '../syntax/fixtures.js';

/** The result at the `|` of `marked`. */
function at(marked: string, explicit = false): CompletionResult | null {
  const pos = marked.indexOf('|');
  const state = EditorState.create({ doc: marked.replace('|', '') });
  return completionSource(catalog)(new CompletionContext(state, pos, explicit)) as CompletionResult | null;
}

describe('completionSource', () => {
  test('a partly typed field: the word is replaced, proposals are those of complete', () => {
    const r = at('price = 1 and br|')!;
    expect(r.from).toBe(14);
    expect(r.to).toBeUndefined();
    expect(r.options.map((o) => o.label)).toEqual(complete('price = 1 and br', 16, catalog).map((c) => c.insertText));
    expect(r.options[0]).toMatchObject({ label: 'brand', type: 'property', detail: 'String, One' });
  });

  test('back-quoted fields are matched on the inserted text, shown by name', () => {
    const r = at('|', true)!;
    const size = r.options.find((o) => o.label === '`size (EU)`');
    expect(size).toMatchObject({ displayLabel: 'size (EU)', type: 'property' });
  });

  test('after a field and a space: the operators of its type', () => {
    expect(at('in_stock |')!.options.map((o) => o.label)).toEqual(['=', 'one-of', 'present?', 'is']);
  });

  test('values: booleans and allowed values', () => {
    expect(at('in_stock = |')!.options.map((o) => o.label)).toEqual(['true', 'false']);
    expect(at('color one-of ["red", |')!.options.map((o) => [o.label, o.type])).toEqual([['"red"', 'constant'], ['"blue"', 'constant']]);
  });

  test('values seen in a sample of items, for a field without AllowedValues', () => {
    const items = [{ brand: 'Acme' }, { brand: 'Zeta' }, { brand: 'Acme' }, { brand: 7 }];
    const state = EditorState.create({ doc: 'brand = ' });
    const r = completionSource(catalog, { items })(new CompletionContext(state, 8, false)) as CompletionResult;
    expect(r.options.map((o) => o.label)).toEqual(complete('brand = ', 8, catalog, { items }).map((c) => c.insertText));
    expect(r.options.map((o) => o.label)).toContain('"Acme"');
  });

  test('the cursor inside a word replaces the whole word, filtered by the library', () => {
    const r = at('pr|ice = 1')!;
    expect(r).toMatchObject({ from: 0, to: 5, filter: false });
    expect(r.options.map((o) => o.label)).toContain('price');
  });

  test('no menu while nothing is typed unless asked for or after a separator', () => {
    expect(at('|')).toBeNull();
    expect(at('|', true)!.options.length).toBeGreaterThan(0);
    expect(at('price <|')).toBeNull();
    expect(at('price <|', true)).toBeNull(); // nothing fits right after `<` without a space: complete proposes nothing
  });

  test('the extension registers the source as the language data of the document', () => {
    const state = EditorState.create({ doc: 'br', extensions: [catq({ catalog })] });
    const sources = state.languageDataAt<unknown>('autocomplete', 2);
    expect(sources).toHaveLength(1);
    const r = (sources[0] as ReturnType<typeof completionSource>)(new CompletionContext(state, 2, false)) as CompletionResult;
    expect(r.options.map((o) => o.label)).toEqual(['brand', 'Brand.Name']);
  });

  test('catq() refuses a bad catalog or bad options with a QueryError', () => {
    expect(() => catq({ catalog: { Id: 'x' } as never })).toThrow(/bad catalog/);
    expect(() => catq(undefined as never)).toThrow(/bad catalog/);
    let error: unknown;
    try {
      catq({ catalog, items: 'x' as never, lintDelay: -1, onLint: 3 as never, hover: 'no' as never });
    } catch (e) {
      error = e;
    }
    expect(isQueryError(error)).toBe(true);
    const found = (error as QueryError).diagnostics.map((d) => [d.code, d.data?.['name']]);
    expect(found).toEqual([
      ['api/bad-argument', 'options.items'],
      ['api/bad-argument', 'options.lintDelay'],
      ['api/bad-argument', 'options.onLint'],
      ['api/bad-argument', 'options.hover'],
    ]);
  });
});
