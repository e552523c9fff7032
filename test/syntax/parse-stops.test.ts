import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { getEngine } from '../../src/syntax/engine.js';
import { parse } from '../../src/syntax/index.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

// Issue 20: error recovery costs tens of microseconds per bad token, so the parser stops once
// it has found more errors than `maxDiagnostics` lists, instead of recovering through all of them.

// What is listed (the quick fixes of a construct cut in two by the stop may differ).
const listed = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code !== 'limit/more-diagnostics').map(essence);
const essence = (d: Diagnostic) => ({ code: d.code, message: d.message, span: d.span });

describe('parse stops after maxDiagnostics errors', () => {
  it('records no more parser errors than it can list on text that is all errors', () => {
    for (const text of ['a '.repeat(5000), 'not '.repeat(2500), '( and ) '.repeat(1250), 'a = = # b and '.repeat(700)]) {
      const r = parse(text);
      expect(r.query).toBeUndefined();
      expect(r.diagnostics.length).toBeLessThanOrEqual(101);
      const last = r.diagnostics[r.diagnostics.length - 1];
      expect(last?.code).toBe('limit/more-diagnostics');
      // text with more characters the lexer rejects than can be listed never reaches the parser
      expect(last?.message).toMatch(text.includes('#') ? /\d+ more/ : /at least \d+ more/);
      // the parser itself stopped (it would record one error per bad token otherwise)
      expect(getEngine().parser.errors.length).toBeLessThanOrEqual(2 * 100 + 10);
    }
  });

  it('lists the same first diagnostics as a parse that does not stop', () => {
    const piece = fc.constantFrom('a', 'b = 1', '=', 'not', 'and', '(', ')', '"x"', '[', ']', ',', 'or', 'price < 3', '#', 'is present', '`f`');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 80 }), fc.integer({ min: 0, max: 12 }), (pieces, max) => {
        const text = pieces.join(' ');
        // (more characters the lexer rejects than can be listed: the parser is skipped, as before)
        fc.pre(pieces.filter((p) => p === '#').length <= max);
        const all = parse(text, { maxDiagnostics: Infinity }).diagnostics;
        const capped = parse(text, { maxDiagnostics: max });
        if (all.length <= max) {
          expect(capped.diagnostics).toEqual(all);
          return;
        }
        const shown = listed(capped.diagnostics);
        expect(shown.length).toBeLessThanOrEqual(max);
        expect(shown).toEqual(all.slice(0, shown.length).map(essence));
        const summary = capped.diagnostics[capped.diagnostics.length - 1];
        expect(summary?.code).toBe('limit/more-diagnostics');
        // (a span, when given, lies in the text: a token made up by recovery once gave -1)
        if (summary?.span) expect(summary.span.start >= 0 && summary.span.start <= summary.span.end && summary.span.end <= text.length).toBe(true);
        expect(capped.query).toBeUndefined();
      }),
      {
        seed: propertySeed(20),
        numRuns: propertyRuns(300),
        // Found with other seeds: what is said about the last term, or the connective before it,
        // depended on the part the stop cut off (seeds 88746131 and a run of CATQ_PROPERTY_SEED).
        examples: [
          [['a', 'a', 'is present', '(', 'or', ')'], 2],
          [['not', 'not', '"x"', 'b = 1', 'or', ')', 'not', '"x"', 'a'], 3],
          [['a', 'a', 'is present', '('], 1],
          [['a', 'a', 'or', '=', 'not', '[', 'a'], 3],
        ],
      },
    );
  });

  it('still gives the clauses read before the errors as the partial query', () => {
    const r = parse('price < 3 and title = "x" ' + 'a '.repeat(500));
    expect(r.partial.clauses.map((c) => c.field)).toEqual(['price', 'title']);
  });
});
