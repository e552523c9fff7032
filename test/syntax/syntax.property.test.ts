/**
 * Property tests of the infix syntax (fixed seeds): round trips through the formatter and the
 * wire codec, fixed points, and robustness on arbitrary text.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clause, query, queryEqual, type Clause, type JsonValue, type Query } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { OPERATORS } from '../../src/operators/index.js';
import { complete, format, formatField, formatValue, lint, parse } from '../../src/editor/syntax-entry.js';
import { decode, encode } from '../../src/wire/index.js';
import { fieldArb, jsonValueArb, operatorArb, queryArb } from '../support/query-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const RUNS = 300;

/** Strings with lone surrogates and line separators, which the shared arbitrary leaves out (they cannot be percent-encoded, but infix text carries them). */
const loneArb = fc
  .array(fc.oneof(fc.constantFrom('\uD800', '\uDFFF', '\uDBFF\uDBFF', '\u2028', '\u2029', '`', '``', "'", '"', '\\u0041', '\u0000', '\uFEFF'), fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 4 })
  .map((p) => p.join(''));

const wideValueArb: fc.Arbitrary<JsonValue> = fc.oneof(jsonValueArb, loneArb, fc.array(loneArb, { maxLength: 3 }));
const wideClauseArb: fc.Arbitrary<Clause> = fc
  .tuple(operatorArb, fc.oneof(fieldArb, loneArb), wideValueArb)
  .map(([op, f, v]) => clause(op, f, v));
const wideQueryArb: fc.Arbitrary<Query> = fc.oneof(queryArb, fc.array(wideClauseArb, { maxLength: 5 }).map((cs) => query(cs)));

/** Non-canonical but equivalent spellings: free whitespace, sugar, needless back-quotes, single quotes. */
const SPACE = fc.constantFrom('', ' ', '  ', '\t', '\n', '\r\n', '\u2028', '\u00A0', '\uFEFF');
function noisyArb(q: Query): fc.Arbitrary<string> {
  return fc.array(fc.tuple(SPACE, SPACE, SPACE, fc.boolean(), fc.boolean(), fc.boolean()), { minLength: q.clauses.length, maxLength: q.clauses.length }).map((noise) =>
    q.clauses
      .map((c, i) => {
        const [s1, s2, s3, sugar, quoteField, single] = noise[i]!;
        const field = quoteField ? '`' + c.field.replace(/`/g, '``') + '`' : formatField(c.field);
        let op: string = OPERATORS[c.operator].infix;
        let value = formatValue(c.value);
        if (sugar && c.operator === 'one-of') op = 'in';
        if (sugar && c.operator === 'present?' && typeof c.value === 'boolean') {
          op = 'is';
          value = c.value ? 'present' : 'absent';
        }
        if (single && typeof c.value === 'string') value = "'" + JSON.stringify(c.value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'") + "'";
        // Operators that are words need a space around them; symbols do not.
        const pad = (s: string): string => (s === '' && /[a-z]/.test(op) ? ' ' : s);
        return `${s1}${field}${pad(s2) || (field.endsWith('.') || field.endsWith('-') ? ' ' : '')}${op}${pad(s3)}${value}`;
      })
      .join(' and '),
  );
}

describe('format and parse', () => {
  test('parse(format(q)) equals q, with no diagnostic', () => {
    fc.assert(
      fc.property(wideQueryArb, (q) => {
        const text = format(q);
        const r = parse(text);
        expect(r.diagnostics).toEqual([]);
        expect(queryEqual(r.query!, q)).toBe(true);
        expect(r.query!.syntax).toBe('infix');
      }),
      { seed: propertySeed(0x5eed0301), numRuns: propertyRuns(RUNS) },
    );
  });

  test('format(parse(t)) is a fixed point, for non-canonical spellings too', () => {
    fc.assert(
      fc.property(
        wideQueryArb.chain((q) => fc.tuple(fc.constant(q), noisyArb(q))),
        ([q, noisy]) => {
          const r = parse(noisy);
          expect(r.diagnostics).toEqual([]);
          expect(queryEqual(r.query!, q)).toBe(true);
          const canonical = format(r.query!);
          expect(format(parse(canonical).query!)).toBe(canonical);
        },
      ),
      { seed: propertySeed(0x5eed0302), numRuns: propertyRuns(RUNS) },
    );
  });

  test('infix -> wire -> infix is the identity on canonical text', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const text = format(q);
        const parsed = parse(text).query!;
        const back = decode(encode(parsed));
        expect(back.diagnostics).toEqual([]);
        expect(format(back.query!)).toBe(text);
      }),
      { seed: propertySeed(0x5eed0303), numRuns: propertyRuns(RUNS) },
    );
  });

  test('clause spans cover exactly the text of each part', () => {
    fc.assert(
      fc.property(wideQueryArb, (q) => {
        const text = format(q);
        const r = parse(text).query!;
        r.clauses.forEach((c, i) => {
          const s = c.spans!;
          expect(text.slice(s.field.start, s.field.end)).toBe(formatField(c.field));
          expect(text.slice(s.value.start, s.value.end)).toBe(formatValue(c.value));
          expect(text.slice(s.operator!.start, s.operator!.end)).toBe(OPERATORS[c.operator].infix);
          expect(text.slice(s.clause.start, s.clause.end)).toBe(format(query([q.clauses[i]!])));
          if (Array.isArray(c.value)) expect(s.items!.map((it) => text.slice(it.start, it.end))).toEqual((c.value as JsonValue[]).map(formatValue));
        });
      }),
      { seed: propertySeed(0x5eed0304), numRuns: propertyRuns(150) },
    );
  });
});

/** Arbitrary text: well-formed Unicode, lone surrogates, and soups of the language's own tokens. */
const PIECES = [
  'a', 'price', 'Brand.Id', '`x`', '`', '``', '=', '<', '<=', '>', '>=', '!=', 'one-of', 'in', 'is', 'present', 'absent', 'present?',
  'matches', 'matches-phrase', 'not', 'or', 'and', 'AND', 'Or', '(', ')', '[', ']', '{', '}', ',', ':', '"s"', "'s'", '"', "'", '"\\q"',
  '1', '-0', '01', '.5', '1e999', 'true', 'null', 'TRUE', '#', '||', '&&', '😀', '\uD800', '\\', '\n', '\u2028', ' ',
];
const soupArb = fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom('', ' ')), { maxLength: 14 }).map((p) => p.map(([a, b]) => a + b).join(''));
const textArb = fc.oneof(soupArb, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 40 }));

const catalog: Catalog = {
  Id: 100,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id', Brand: { Id: 'brand_id', Name: 'brand' } },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
    { Attribute: 'a', Type: 'Boolean', Cardinality: 'Many' },
  ],
  UIConfiguration: [{ Key: 'brand', AllowedValues: ['Acme', 'Zed'] }],
};

describe('robustness', () => {
  test('parse, lint and complete never throw; every range lies inside the text', () => {
    fc.assert(
      fc.property(textArb, fc.nat(), (text, n) => {
        const inside = (s: { start: number; end: number } | undefined): void => {
          expect(s).toBeDefined();
          expect(0 <= s!.start && s!.start <= s!.end && s!.end <= text.length).toBe(true);
        };
        const r = parse(text);
        expect(r.query === undefined).toBe(r.diagnostics.some((d) => d.severity === 'error'));
        for (const d of r.diagnostics) {
          inside(d.span);
          for (const f of d.fixes ?? []) for (const e of f.edits) inside(e.span);
        }
        for (const c of r.partial.clauses) for (const s of [c.spans!.clause, c.spans!.field, c.spans!.value]) inside(s);
        for (const d of lint(text, catalog).diagnostics) if (d.span) inside(d.span);
        for (const item of complete(text, n % (text.length + 1), catalog)) inside(item.range);
      }),
      { seed: propertySeed(0x5eed0305), numRuns: propertyRuns(500) },
    );
  });
});
