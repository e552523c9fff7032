import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clause, query, type Clause, type JsonValue } from '../../src/ast/index.js';
import { fieldNames, type Catalog } from '../../src/catalog/index.js';
import { IncrementalLinter } from '../../src/lsp/incremental.js';
import { splitClauses, splitElements } from '../../src/lsp/split-clauses.js';
import { toWire } from '../../src/wire/index.js';
import { OPERATOR_NAMES } from '../../src/ast/index.js';
import { formatClause, lint } from '../../src/editor/syntax-entry.js';
import { catalogArb } from '../support/catalog-arbitrary.js';
import { clauseArb } from '../support/case-arbitrary.js';
import { NASTY_NUMBERS, NASTY_STRINGS } from '../support/item-arbitrary.js';
import { catalog as shoes } from '../syntax/fixtures.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

// The incremental linter of the language server must give exactly what lint gives, on every
// version of a document as it is edited: generated catalogs, valid and invalid clauses
// (unknown fields, wrong types, duplicates, contradictions), nasty separators and edits that
// break and mend the syntax.

const anyValue: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS, 'a and b', 'x" and y', '(', '`'),
  fc.constantFrom(...NASTY_NUMBERS.filter((n) => !Object.is(n, -0))),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.integer()), { maxLength: 3 }),
);

/** A clause that may be wrong for the catalog: any operator, any field (or an unknown one), any value. */
function looseClause(catalog: Catalog): fc.Arbitrary<Clause> {
  const names = [...fieldNames(catalog), 'unknwn', 'and x'];
  return fc.tuple(fc.constantFrom(...OPERATOR_NAMES), fc.constantFrom(...names), anyValue).map(([op, f, v]) => clause(op, f, v));
}

function documentArb(catalog: Catalog): fc.Arbitrary<string> {
  const names = fieldNames(catalog);
  const valid = names.length ? fc.constantFrom(...names).chain((f) => clauseArb(catalog, f)) : looseClause(catalog);
  const one = fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: looseClause(catalog), weight: 1 }).map(formatClause);
  const separator = fc.constantFrom(' and ', '\nand ', ' and\n  ', '\u2028and\u3000', '\tand\r\n');
  return fc
    .tuple(fc.array(one, { minLength: 1, maxLength: 10 }), fc.array(separator, { minLength: 10, maxLength: 10 }), fc.constantFrom('', ' ', '\n'), fc.boolean())
    .map(([clauses, seps, pad, repeat]) => {
      const cs = repeat && clauses.length > 1 ? [...clauses, clauses[0] as string] : clauses;
      return pad + cs.map((c, i) => (i ? seps[i % seps.length] : '') + c).join('') + pad;
    });
}

/** The same kind of document in the wire form: one JSON clause a line, or all on one line. */
function wireDocumentArb(catalog: Catalog): fc.Arbitrary<string> {
  const names = fieldNames(catalog);
  const valid = names.length ? fc.constantFrom(...names).chain((f) => clauseArb(catalog, f)) : looseClause(catalog);
  const one = fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: looseClause(catalog), weight: 1 }).map((c) => JSON.stringify(toWire(query([c]))[0]));
  return fc
    .tuple(fc.array(one, { minLength: 1, maxLength: 10 }), fc.constantFrom(',', ', ', ',\n  ', ' ,\t'), fc.constantFrom(['[', ']'], ['[\n  ', '\n]\n'], [' [', '] ']), fc.boolean())
    .map(([clauses, sep, [open, close], repeat]) => {
      const cs = repeat && clauses.length > 1 ? [...clauses, clauses[0] as string] : clauses;
      return (open as string) + cs.join(sep) + (close as string);
    });
}

type Edit = { kind: 'insert'; at: number; text: string } | { kind: 'delete'; at: number; length: number };
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom('a', ' ', '"', 'n', 'd', '(', '1', '[', ']', '`', ',', 'é', '😀', ' and ', 'and', '\n', 'AND', 'or', '=') }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 4 }) }),
);

function apply(text: string, e: Edit): string {
  const at = e.at % (text.length + 1);
  return e.kind === 'insert' ? text.slice(0, at) + e.text + text.slice(at) : text.slice(0, at) + text.slice(at + e.length);
}

describe('IncrementalLinter', () => {
  test('equals lint on every version of edited documents, and works incrementally on well-formed ones', () => {
    let incremental = 0;
    let checks = 0;
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(shoes), catalogArb).chain((catalog) => fc.tuple(fc.constant(catalog), documentArb(catalog), fc.array(editArb, { maxLength: 6 }))),
        ([catalog, doc, edits]) => {
          const linter = new IncrementalLinter();
          let text = doc;
          expect(linter.lint(text, catalog)).toEqual(lint(text, catalog));
          // A formatted document always takes the incremental path.
          expect(linter.lastMode).toBe('incremental');
          for (const e of edits) {
            text = apply(text, e);
            expect(linter.lint(text, catalog), JSON.stringify(text)).toEqual(lint(text, catalog));
            checks++;
            if (linter.lastMode === 'incremental') incremental++;
          }
        },
      ),
      { seed: propertySeed(20261123), numRuns: propertyRuns(250) },
    );
    // Edits that keep the syntax whole stay incremental; the others fall back to lint.
    expect(incremental).toBeGreaterThan(checks / 10);
  });

  test('with tight limits (diagnostics, words, text length): still equal to lint with the same limits', () => {
    let tight = 0;
    const options = { limits: { maxDiagnostics: 3, maxPatternSize: 12, maxTokens: 2, maxTokenLength: 5, maxInfixLength: 160, maxLength: 160, maxClauses: 6 } };
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(shoes), catalogArb).chain((catalog) => fc.tuple(fc.constant(catalog), fc.oneof(documentArb(catalog), wireDocumentArb(catalog)), fc.array(editArb, { maxLength: 4 }))),
        ([catalog, doc, edits]) => {
          const linter = new IncrementalLinter(options);
          let text = doc;
          expect(linter.lint(text, catalog)).toEqual(lint(text, catalog, options));
          if (linter.lastMode === 'incremental') tight++;
          for (const e of edits) {
            text = apply(text, e);
            expect(linter.lint(text, catalog), JSON.stringify(text)).toEqual(lint(text, catalog, options));
          }
        },
      ),
      { seed: propertySeed(20261125), numRuns: propertyRuns(200) },
    );
    expect(tight).toBeGreaterThan(20);
  });

  test('wire documents: equals lint on every version, incremental when well-formed', () => {
    let incremental = 0;
    let checks = 0;
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(shoes), catalogArb).chain((catalog) => fc.tuple(fc.constant(catalog), wireDocumentArb(catalog), fc.array(editArb, { maxLength: 6 }))),
        ([catalog, doc, edits]) => {
          const linter = new IncrementalLinter();
          let text = doc;
          expect(linter.lint(text, catalog)).toEqual(lint(text, catalog));
          expect(linter.lastMode).toBe('incremental');
          for (const e of edits) {
            text = apply(text, e);
            expect(linter.lint(text, catalog), JSON.stringify(text)).toEqual(lint(text, catalog));
            checks++;
            if (linter.lastMode === 'incremental') incremental++;
          }
        },
      ),
      { seed: propertySeed(20261124), numRuns: propertyRuns(250) },
    );
    expect(incremental).toBeGreaterThan(checks / 10);
  });

  test('splitElements: the elements of one array, nothing it is unsure of', () => {
    const texts = (t: string) => splitElements(t)?.segments.map((s) => t.slice(s.start, s.end));
    expect(texts(' [ ["a", "x],["] , [["<","b"],[1, {"k": "]"}]] ]\n')).toEqual(['["a", "x],["]', '[["<","b"],[1, {"k": "]"}]]']);
    expect(texts('[]')).toEqual([]);
    for (const unsure of ['[1,]', '[,1]', '[1', '["a]', '[1] x', '%5B%5D', '[1]]', '["a\u0001"]'.replace('\\u0001', '\u0001')]) expect(splitElements(unsure), unsure).toBeUndefined();
  });

  test('splitClauses: top-level `and` only, nothing it is unsure of', () => {
    const texts = (t: string) => splitClauses(t)?.map((s) => t.slice(s.start, s.end));
    expect(texts(' a = "x and y" and\n`b and c` = 1 and t one-of ["and", 2] ')).toEqual(['a = "x and y"', '`b and c` = 1', 't one-of ["and", 2]']);
    expect(texts('band = 1 and andy = 2')).toEqual(['band = 1', 'andy = 2']);
    expect(texts('')).toEqual([]);
    for (const unsure of ['(a = 1) and b = 2', 'a = 1 and and b = 2', 'a = 1 and', 'a = "x', 'a = [1', 'a = 1 || b = 2', '`a = 1']) expect(splitClauses(unsure)).toBeUndefined();
  });
});
