/**
 * Property tests on a bare EditorState (fixed seeds): on generated catalogs and queries written
 * in the infix syntax, then damaged by a few random edits (nasty characters, line breaks, lone
 * surrogates, keywords), the linter's diagnostics are exactly `lint`'s (same ranges, inside the
 * document), every quick fix applies exactly its edits, and completion at any position gives
 * `complete`'s proposals over a range around the cursor.
 */
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Catalog } from '../../src/catalog/index.js';
import { completionSource, fixTransaction, lintState } from '../../src/codemirror/index.js';
import { complete, format, lint } from '../../src/editor/syntax-entry.js';
import { queryArb } from '../support/case-arbitrary.js';
import { catalogArb } from '../support/catalog-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const DAMAGE = ['', ' ', '\n', '\r\n', '"', "'", '`', '[', ']', ',', '=', '<', 'or ', 'not ', 'and', ' and ', 'present?', 'one-of', '😀', '\uD800', '\u2028', 'x', '1e', '-', '(', ')'];

/** A catalog and the text of one of its queries after up to three random edits. */
const caseArb: fc.Arbitrary<{ catalog: Catalog; text: string }> = catalogArb.chain((catalog) =>
  fc
    .tuple(
      queryArb(catalog, 4, 1),
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.constantFrom(...DAMAGE)), { maxLength: 3 }),
    )
    .map(([q, edits]) => {
      let text = format(q);
      for (const [at, del, insert] of edits) {
        const from = at % (text.length + 1);
        text = text.slice(0, from) + insert + text.slice(Math.min(text.length, from + del));
      }
      return { catalog, text };
    }),
);

/** The text after applying `edits` (offsets in `text`) from the end backwards. */
function applied(text: string, edits: readonly { span: { start: number; end: number }; newText: string }[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}

describe('the editor services on generated, damaged queries', () => {
  test('lint: the diagnostics and ranges of lint; fixes apply their edits', () => {
    let seen = 0;
    let fixed = 0;
    fc.assert(
      fc.property(caseArb, ({ catalog, text }) => {
        const state = EditorState.create({ doc: text });
        const doc = state.doc.toString(); // CodeMirror joins lines with \n
        const { result, diagnostics } = lintState(state, catalog);
        const direct = lint(doc, catalog);
        expect(result.diagnostics).toEqual(direct.diagnostics);
        expect(diagnostics.map((d) => [d.from, d.to, d.severity, d.source])).toEqual(
          direct.diagnostics.map((d) => [d.span?.start ?? 0, d.span?.end ?? doc.length, d.severity, d.code]),
        );
        seen += direct.diagnostics.length;
        for (const d of direct.diagnostics) {
          if (d.span) expect(0 <= d.span.start && d.span.start <= d.span.end && d.span.end <= doc.length).toBe(true);
          for (const fix of d.fixes ?? []) {
            if (!fix.edits.length) continue;
            const spec = fixTransaction(state, { fix, diagnostic: d, linted: state.doc, from: d.span?.start ?? 0 }, catalog);
            expect(state.update(spec!).state.doc.toString()).toBe(applied(doc, fix.edits));
            fixed++;
          }
        }
      }),
      { seed: propertySeed(4242), numRuns: propertyRuns(250) },
    );
    // Not vacuous: the damage gives diagnostics, and some of them fixes.
    expect(seen).toBeGreaterThan(100);
    expect(fixed).toBeGreaterThan(10);
  });

  test('completion: the proposals of complete, over a range around the cursor', () => {
    let proposed = 0;
    fc.assert(
      fc.property(caseArb, fc.nat(), ({ catalog, text }, at) => {
        const state = EditorState.create({ doc: text });
        const doc = state.doc.toString();
        const pos = at % (doc.length + 1);
        const r = completionSource(catalog)(new CompletionContext(state, pos, true)) as CompletionResult | null;
        const items = complete(doc, pos, catalog);
        if (!r) {
          expect(items).toEqual([]);
          return;
        }
        expect(r.options.map((o) => o.label)).toEqual(items.map((i) => i.insertText));
        proposed++;
        expect(r.from).toBeLessThanOrEqual(pos);
        expect(r.to ?? pos).toBeGreaterThanOrEqual(pos);
      }),
      { seed: propertySeed(777), numRuns: propertyRuns(250) },
    );
    expect(proposed).toBeGreaterThan(50);
  });
});
