/**
 * catq's build patches Chevrotain's lexer for a quicker first call (`chevrotainColdStart` in
 * tsup.config.ts): the bucket of a code unit above U+00FF is computed where a 65,536-entry table
 * was read. The patched lexers (the Node vendor file and the browser loader, both in dist/) must
 * cut every text into the very tokens Chevrotain's own, unpatched package does. Runs on dist/
 * (`npm test` builds it first).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type * as Chevrotain from 'chevrotain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGrammar } from '../../src/syntax/grammar.js';
import { propertyRuns, propertySeed } from '../support/property-runs.js';

const require = createRequire(import.meta.url);
const dist = new URL('../../dist/', import.meta.url);
const unpatched = require('chevrotain') as typeof Chevrotain;
const vendor = require(new URL('vendor/chevrotain.js', dist).pathname) as typeof Chevrotain;
const browser = ((await import(new URL('load/chevrotain.js', dist).href)) as { loadChevrotain(): typeof Chevrotain }).loadChevrotain();

const lexers = {
  unpatched: createGrammar(unpatched).lexer,
  vendor: createGrammar(vendor).lexer,
  browser: createGrammar(browser).lexer,
};

/** What a lexer makes of a text: each token's kind and place, and each error's place. */
function lex(lexer: Chevrotain.Lexer, text: string) {
  const r = lexer.tokenize(text);
  return {
    tokens: r.tokens.map((t) => `${t.tokenType.name}@${t.startOffset}+${t.image.length}`),
    errors: r.errors.map((e) => `${e.offset}+${e.length}`),
  };
}

// Letters from every 255-code-unit bucket of the BMP (where the table and the formula could
// disagree), other characters of any kind, and the language's own punctuation and words.
const letters: string[] = [];
for (let c = 0x100; c <= 0xffff; c++) if (/\p{L}/u.test(String.fromCharCode(c))) letters.push(String.fromCharCode(c));
const piece = fc.oneof(
  fc.constantFrom(...letters),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(' ', '=', '<', '"x"', '1.5', 'and', 'or', 'not', 'present', '[', ']', ',', '`a b`', 'title', '_'),
);

describe("the build's patch of Chevrotain's lexer table", () => {
  it('is in every built copy of Chevrotain (the table is no longer filled)', () => {
    for (const file of ['vendor/chevrotain.js', 'load/chevrotain.js', 'load/chevrotain.cjs', 'codemirror.js']) {
      const text = readFileSync(new URL(file, dist), 'utf8');
      expect(text, file).not.toMatch(/new Array\(65536\)/);
      expect(text, file).toMatch(/255 ?\+ ?~~\((?:charCode|\w) ?\/ ?255\)/);
    }
  });

  it('cuts one identifier per BMP letter as the unpatched lexer does', () => {
    for (const letter of letters) {
      const text = `${letter}x = 1 or ${letter} present`;
      const expected = lex(lexers.unpatched, text);
      expect(expected.errors, letter).toEqual([]);
      expect(lex(lexers.vendor, text), letter).toEqual(expected);
      expect(lex(lexers.browser, text), letter).toEqual(expected);
    }
  });

  it('cuts any text into the same tokens and errors as the unpatched lexer', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        const expected = lex(lexers.unpatched, text);
        expect(lex(lexers.vendor, text)).toEqual(expected);
        expect(lex(lexers.browser, text)).toEqual(expected);
      }),
      { seed: propertySeed(0xc01d5), numRuns: propertyRuns(2000) },
    );
  });
});
