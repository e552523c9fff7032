import { describe, expect, test } from 'vitest';
import { codeActions, completionItems, documentSymbols, formatDocument, hoverAt, SEMANTIC_TOKENS_LEGEND, semanticTokensData } from '../../src/lsp/features.js';
import { EDITOR_MAX_LENGTH } from '../../src/lsp/editor-limits.js';
import { lint, toLspDiagnostics } from '../../src/index.js';
import { catalog } from '../syntax/fixtures.js';

describe('formatDocument', () => {
  test('no edit when the text has a syntax error or is canonical already', () => {
    expect(formatDocument('price = = 1')).toEqual([]);
    expect(formatDocument('price = 1')).toEqual([]);
    expect(formatDocument('[["price",1]]\n')).toEqual([]);
  });

  test('keeps the kind of final line break; percent-encoded stays percent-encoded', () => {
    expect(formatDocument('price=1\r\n')[0]!.newText).toBe('price = 1\r\n');
    expect(formatDocument('[ ["price", 1] ]')[0]!.newText).toBe('[["price",1]]');
    expect(formatDocument(encodeURIComponent('[[["=", "price"], 1]]').replace('%5B%5B', '%5b%5B'))[0]?.newText).toBe(encodeURIComponent('[["price",1]]'));
  });
});

describe('codeActions', () => {
  test('only diagnostics whose range meets the requested range; one action per fix', () => {
    const text = 'price = "1" and colr = 1';
    const uri = 'file:///q.catq';
    const diagnostics = toLspDiagnostics(lint(text, catalog).diagnostics, text, { uri });
    const at = (character: number) => ({ start: { line: 0, character }, end: { line: 0, character } });
    expect(codeActions(uri, diagnostics, at(9)).map((a) => a.title)).toEqual(['Replace "1" with 1']);
    expect(codeActions(uri, diagnostics, at(17)).map((a) => a.edit!.changes![uri]![0]!.newText)).toEqual(['color']);
    expect(codeActions(uri, diagnostics, at(14))).toEqual([]);
  });
});

describe('documentSymbols', () => {
  test('the clauses read despite a syntax error, each with its field selected', () => {
    const symbols = documentSymbols('price < 2 and\n  `size (EU)` = 40 and = 3', catalog);
    expect(symbols.map((s) => [s.name, s.detail])).toEqual([
      ['price < 2', 'Number, One'],
      ['`size (EU)` = 40', 'Number, Many'],
    ]);
    expect(symbols[1]!.selectionRange).toEqual({ start: { line: 1, character: 2 }, end: { line: 1, character: 13 } });
    expect(documentSymbols('[[', catalog)).toEqual([]);
  });
});

describe('completionItems', () => {
  test('a blank wire document starts the array and its first clause; a blank infix one proposes fields', () => {
    const wire = completionItems('\n', 1, catalog, undefined, true);
    expect(wire.map((c) => c.textEdit)).toContainEqual({ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, newText: '[["price", ' });
    expect(completionItems('', 0, catalog, undefined, false).map((c) => c.label)).toContain('price');
    expect(completionItems('', 0, catalog, undefined, false).find((c) => c.label === 'price')!.textEdit).toMatchObject({ newText: 'price' });
  });
});

describe('hoverAt', () => {
  test('reads documents up to EDITOR_MAX_LENGTH (past the library default), none longer', () => {
    const clause = 'price < 1 and ';
    const within = clause.repeat(Math.floor(20_000 / clause.length)) + 'price < 1';
    expect(hoverAt(within, 1, catalog)).toMatchObject({ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } } });
    const beyond = clause.repeat(Math.ceil(EDITOR_MAX_LENGTH / clause.length)) + 'price < 1';
    expect(beyond.length).toBeGreaterThan(EDITOR_MAX_LENGTH);
    expect(hoverAt(beyond, 1, catalog)).toBeNull();
  });
});

describe('semanticTokensData', () => {
  /** The tokens back from the protocol's relative encoding: [line, character, length, type]. */
  function decodeData(data: readonly number[]): [number, number, number, string][] {
    const out: [number, number, number, string][] = [];
    let line = 0;
    let char = 0;
    for (let i = 0; i < data.length; i += 5) {
      const [dl, dc, len, type, mods] = data.slice(i, i + 5) as [number, number, number, number, number];
      expect(mods).toBe(0);
      line += dl;
      char = dl === 0 ? char + dc : dc;
      out.push([line, char, len, SEMANTIC_TOKENS_LEGEND.tokenTypes[type]!]);
    }
    return out;
  }

  test('relative positions in UTF-16 code units; a field across lines is one token per line', () => {
    const text = 'name = "😀" and\r\n  `size\n(EU)` = 4';
    expect(decodeData(semanticTokensData(text))).toEqual([
      [0, 0, 4, 'property'],
      [0, 5, 1, 'operator'],
      [0, 7, 4, 'string'], // "😀" is two code units between its quotes
      [0, 12, 3, 'keyword'],
      [1, 2, 5, 'property'], // `size
      [2, 0, 5, 'property'], // (EU)`
      [2, 6, 1, 'operator'],
      [2, 8, 1, 'number'],
    ]);
    expect(semanticTokensData('')).toEqual([]);
  });
});
