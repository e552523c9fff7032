// The escaping of `catq types`: any string, lone surrogates included, written as a literal reads
// back as itself; as comment text it stays on one line and never closes a block comment.
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogModule, commentText, stringLiteral } from '../../src/cli/catalog-module.js';
import { loadCatalog, type Catalog } from '../../src/catalog/index.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

/** Strings rich in what breaks generated code: quotes, backslashes, line terminators, `*` `/`, controls, surrogates. */
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom("'", '"', '\\', '\n', '\r', '\u2028', '\u2029', '*', '/', '`', '$', '{', '\u0000', '\u007f', '\u202e', '\u2066', '\ufeff', '\ud83c', '\udf75', '🍵', 'é'),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
  maxLength: 30,
});

describe('stringLiteral and commentText', () => {
  it('a literal evaluates to the string itself', () => {
    fc.assert(
      fc.property(nasty, (s) => {
        const lit = stringLiteral(s);
        expect(new Function(`return ${lit};`)()).toBe(s);
        // One line, and only well-formed UTF-16 (a lone surrogate cannot be written to a UTF-8 file).
        expect(lit).not.toMatch(/[\n\r\u2028\u2029]/);
        expect(lit).not.toMatch(/\p{Cs}/u);
      }),
      { seed: propertySeed(0x7e5e0001), numRuns: propertyRuns(2000) },
    );
  });

  it('comment text stays inside its comment', () => {
    fc.assert(
      fc.property(nasty, (s) => {
        const c = commentText(s);
        expect(c).not.toMatch(/[\n\r\u2028\u2029]|\*\//);
        expect(c).not.toMatch(/\p{Cs}/u);
        // Inside a line comment and a block comment, nothing of the text survives as code.
        const src = `// ${c}\n/** ${c} */\nexport const x = 1;\n`;
        const out = ts.transpileModule(src, { compilerOptions: { removeComments: true, module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
        expect(out.trim()).toBe('export const x = 1;');
      }),
      { seed: propertySeed(0x7e5e0002), numRuns: propertyRuns(1000) },
    );
  });

  it('a catalog with any attribute names: the module evaluates to the same catalog', () => {
    fc.assert(
      fc.property(fc.uniqueArray(nasty.filter((s) => s.length > 0 && s.length <= 50), { minLength: 1, maxLength: 6 }), nasty.filter((s) => s.length > 0 && s.length <= 100), (names, title) => {
        const raw = { Id: 900, Name: title, Type: 'Product', Aliases: { Id: names[0] }, SearchableAttributes: names.map((n) => ({ Attribute: n, Type: 'String', Cardinality: 'One' })) };
        const catalog = loadCatalog(raw).catalog as Catalog;
        const text = catalogModule(catalog, 'catalog', { command: `catq types --catalog ${title}`, from: `the file ${title}`, version: '0.0.0' });
        const js = ts.transpileModule(text.replace("import { defineCatalog } from 'catq/builder';", 'const defineCatalog = (c) => c;'), { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
        const mod: { exports: { catalog?: unknown } } = { exports: {} };
        new Function('exports', 'module', js)(mod.exports, mod);
        const sortByName = (c: Catalog) => [...(c.SearchableAttributes ?? [])].map((a) => a.Attribute).sort();
        const got = mod.exports.catalog as Catalog;
        expect(got.Name).toBe(catalog.Name);
        expect(sortByName(got)).toEqual(sortByName(catalog));
        expect(got.Aliases).toEqual(catalog.Aliases);
      }),
      { seed: propertySeed(0x7e5e0003), numRuns: propertyRuns(300) },
    );
  });
});
