import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual, queryEqual, type JsonValue, type Query, type Span } from '../../src/ast/index.js';
import { decode, encode, toWire, type DecodeResult } from '../../src/wire/index.js';
import { queryArb } from '../support/query-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

const RUNS = 300;

/** The invariants every decode result keeps, whatever the input. */
function checkInvariants(input: unknown, r: DecodeResult): void {
  const hasError = r.diagnostics.some((d) => d.severity === 'error');
  expect(r.query !== undefined).toBe(!hasError);
  if (typeof input !== 'string') {
    expect(r.text).toBeUndefined();
    for (const d of r.diagnostics) expect(d.span).toBeUndefined();
    return;
  }
  const text = r.text as string;
  expect(typeof text).toBe('string');
  const map = r.mapOffset as (n: number) => number;
  const inside = (s: Span | undefined): void => {
    if (!s) return;
    expect(0 <= s.start && s.start <= s.end && s.end <= text.length, `span ${s.start}-${s.end} in ${text.length}`).toBe(true);
    const a = map(s.start);
    const b = map(s.end);
    expect(0 <= a && a <= b && b <= input.length, `mapped ${a}-${b} in ${input.length}`).toBe(true);
  };
  for (const d of r.diagnostics) inside(d.span);
  if (r.query) {
    inside(r.query.span);
    for (const c of r.query.clauses) {
      const s = c.spans;
      expect(s).toBeDefined();
      if (!s) continue;
      [s.clause, s.operator, s.field, s.value, ...(s.items ?? [])].forEach(inside);
    }
  }
}

/** The spans of a decoded query point at exactly the JSON text of each part. */
function checkSpans(q: string, r: DecodeResult, original: Query, percentEncoded = true): void {
  const text = r.text as string;
  const map = r.mapOffset as (n: number) => number;
  const slice = (s: Span): JsonValue => JSON.parse(text.slice(s.start, s.end)) as JsonValue;
  const wire = toWire(original);
  r.query!.clauses.forEach((c, i) => {
    const s = c.spans!;
    expect(jsonEqual(slice(s.clause), wire[i] as JsonValue)).toBe(true);
    expect(slice(s.field)).toBe(c.field);
    expect(jsonEqual(slice(s.value), c.value)).toBe(true);
    if (c.operator === '=') expect(s.operator).toBeUndefined();
    else expect(slice(s.operator!)).toBe(c.operator);
    if (Array.isArray(c.value)) expect(s.items!.map(slice)).toEqual((c.value as JsonValue[]).map((v) => JSON.parse(JSON.stringify(v))));
    else expect(s.items).toBeUndefined();
    // The same part, mapped back into the percent-encoded input, decodes to the same text.
    for (const part of [s.clause, s.field, s.value]) {
      const original = q.slice(map(part.start), map(part.end));
      expect(percentEncoded ? decodeURIComponent(original) : original).toBe(text.slice(part.start, part.end));
    }
  });
}

describe('wire codec round trip', () => {
  it('decode(encode(q)) equals q, with exact spans', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const encoded = encode(q);
        const r = decode(encoded);
        expect(r.diagnostics).toEqual([]);
        expect(queryEqual(r.query!, q)).toBe(true);
        expect(r.query!.syntax).toBe('wire');
        checkInvariants(encoded, r);
        checkSpans(encoded, r, q);
      }),
      { seed: propertySeed(0x5eed0001), numRuns: propertyRuns(RUNS) },
    );
  });

  it('plain JSON text and the parsed array decode to the same query', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const json = JSON.stringify(toWire(q));
        const fromText = decode(json);
        expect(queryEqual(fromText.query!, q)).toBe(true);
        expect(fromText.mapOffset!(json.length)).toBe(json.length);
        checkSpans(json, fromText, q, false);
        const pretty = JSON.stringify(toWire(q), null, 2).replace(/\n/g, '\r\n\t');
        const fromPretty = decode(pretty);
        expect(queryEqual(fromPretty.query!, q)).toBe(true);
        checkSpans(pretty, fromPretty, q, false);
        const fromArray = decode(JSON.parse(json));
        expect(fromArray.diagnostics).toEqual([]);
        expect(queryEqual(fromArray.query!, q)).toBe(true);
        expect(fromArray.query!.clauses.every((c) => c.spans === undefined)).toBe(true);
      }),
      { seed: propertySeed(0x5eed0002), numRuns: propertyRuns(RUNS) },
    );
  });

  it('encode is idempotent on canonical input', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const once = encode(q);
        expect(encode(decode(once).query!)).toBe(once);
      }),
      { seed: propertySeed(0x5eed0003), numRuns: propertyRuns(RUNS) },
    );
  });
});

const loneSurrogateString = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
const percentString = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((b) => '%' + b.toString(16).padStart(2, '0')),
      fc.constantFrom('%', '%Z', '%4', '%%', '%C3', '%E2%82', '%F0%9F%98', '%ED%A0%80', '[', '"', ']', ',', '+'),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

/** A valid encoded (or plain) query with a few characters deleted, replaced or inserted. */
const mutatedQuery = fc
  .tuple(queryArb, fc.boolean(), fc.array(fc.tuple(fc.nat(), fc.constantFrom('del', 'ins'), fc.constantFrom('[', ']', '"', ',', '%', '\\', '{', '1e999', ' ', '/')), { minLength: 1, maxLength: 3 }))
  .map(([q, plain, edits]) => {
    let s = plain ? JSON.stringify(toWire(q)) : encode(q);
    for (const [at, kind, ch] of edits) {
      const i = s.length === 0 ? 0 : at % s.length;
      s = kind === 'del' ? s.slice(0, i) + s.slice(i + 1) : s.slice(0, i) + ch + s.slice(i);
    }
    return s;
  });

describe('decode never throws', () => {
  const strings: [string, fc.Arbitrary<string>][] = [
    ['binary strings', fc.string({ unit: 'binary' })],
    ['full Unicode strings', fc.string({ unit: 'binary', maxLength: 50 })],
    ['strings with lone surrogates', loneSurrogateString],
    ['strings with random %XX escapes', percentString],
    ['mutated valid queries', mutatedQuery],
    ['JSON texts', fc.json()],
  ];
  for (const [name, arb] of strings) {
    it(`on ${name}`, () => {
      fc.assert(
        fc.property(arb, (s) => checkInvariants(s, decode(s))),
        { seed: propertySeed(0x5eed0004), numRuns: propertyRuns(RUNS) },
      );
    });
  }

  it('on arbitrary JavaScript values, alone and inside a query array', () => {
    const anything = fc.anything({
      withBoxedValues: true,
      withMap: true,
      withSet: true,
      withBigInt: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
      withNullPrototype: true,
      withObjectString: true,
    });
    fc.assert(
      fc.property(anything, (v) => {
        checkInvariants(v, decode(v));
        checkInvariants([v], decode([v]));
        checkInvariants([[v, v]], decode([[v, v]]));
      }),
      { seed: propertySeed(0x5eed0005), numRuns: propertyRuns(RUNS) },
    );
  });

  it('on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        checkInvariants(v, decode(v));
        const text = JSON.stringify(v);
        checkInvariants(text, decode(text));
      }),
      { seed: propertySeed(0x5eed0006), numRuns: propertyRuns(RUNS) },
    );
  });
});

describe('text and parsed input agree', () => {
  it('report the same codes at the same paths for any JSON value, under tight limits too', () => {
    // Values shaped like queries often enough to reach the clause checks.
    const clauseLike = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.tuple(fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 }), fc.tuple(fc.oneof(fc.constantFrom('<', 'oneof', 'one-of'), fc.jsonValue({ maxDepth: 0 })), fc.jsonValue({ maxDepth: 0 }))), fc.jsonValue({ maxDepth: 3 })),
    );
    // Arrays only: other JSON text does not start with "[" and so is read as percent-encoded.
    const input = fc.oneof(fc.array(clauseLike, { maxLength: 5 }), fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }));
    const limits = fc.record({ maxClauses: fc.integer({ min: 0, max: 6 }), maxListLength: fc.integer({ min: 0, max: 6 }), maxDepth: fc.integer({ min: 1, max: 6 }) });
    fc.assert(
      fc.property(input, limits, (v, options) => {
        const codesAndPaths = (r: DecodeResult) => r.diagnostics.map((d) => [d.code, d.path]);
        const fromText = decode(JSON.stringify(v), options);
        const fromValue = decode(v, options);
        expect(codesAndPaths(fromValue)).toEqual(codesAndPaths(fromText));
        if (fromText.query) expect(queryEqual(fromText.query, fromValue.query!)).toBe(true);
      }),
      { seed: propertySeed(0x5eed0007), numRuns: propertyRuns(RUNS) },
    );
  });
});
