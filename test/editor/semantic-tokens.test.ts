import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Clause, JsonValue, Query, Span } from '../../src/ast/index.js';
import { semanticTokens, SEMANTIC_TOKEN_TYPES, type SemanticToken } from '../../src/editor/index.js';
import { format, parse } from '../../src/syntax/index.js';
import { decode, toWire } from '../../src/wire/index.js';
import { NASTY_PIECES, queryArb } from '../support/query-arbitrary.js';
import { propertyRuns, propertySeed } from '../support/property-runs.js';

const words = (text: string) => semanticTokens(text).map((t) => `${t.type}:${text.slice(t.start, t.end)}`);

describe('semanticTokens', () => {
  test('percent-encoded text gets the tokens of its plain JSON, at the places of the escapes', () => {
    fc.assert(
      fc.property(queryArb, (q: Query) => {
        const plain = JSON.stringify(toWire(q));
        const encoded = encodeURIComponent(plain);
        const decodedWords = semanticTokens(encoded, { maxLength: Infinity }).map((t) => `${t.type}:${decodeURIComponent(encoded.slice(t.start, t.end))}`);
        expect(decodedWords).toEqual(semanticTokens(plain, { maxLength: Infinity }).map((t) => `${t.type}:${plain.slice(t.start, t.end)}`));
      }),
      { seed: propertySeed(71), numRuns: propertyRuns(200) },
    );
  });

  test('infix: fields, operators (symbols and words), keywords, strings and numbers; punctuation has none', () => {
    expect(words('brand = "Acme" and price <= -1.5e2 and `size (EU)` one-of [40, 41] and title matches "red shoe"')).toEqual([
      'property:brand', 'operator:=', 'string:"Acme"', 'keyword:and',
      'property:price', 'operator:<=', 'number:-1.5e2', 'keyword:and',
      'property:`size (EU)`', 'keyword:one-of', 'number:40', 'number:41', 'keyword:and',
      'property:title', 'keyword:matches', 'string:"red shoe"',
    ]);
    expect(words('color present? true and x is absent and y in [null] and z != 3')).toEqual([
      'property:color', 'keyword:present?', 'keyword:true', 'keyword:and',
      'property:x', 'keyword:is', 'keyword:absent', 'keyword:and',
      'property:y', 'keyword:in', 'keyword:null', 'keyword:and',
      'property:z', 'operator:!=', 'number:3',
    ]);
  });

  test('wire: the field and the operator by their slot in the clause, values by their JSON type', () => {
    expect(words('[["brand","Acme"],[["<","price"],20],[["one-of","tags"],["a",1,true,null]],[["present?","x"],false]]')).toEqual([
      'property:"brand"', 'string:"Acme"',
      'operator:"<"', 'property:"price"', 'number:20',
      'keyword:"one-of"', 'property:"tags"', 'string:"a"', 'number:1', 'keyword:true', 'keyword:null',
      'keyword:"present?"', 'property:"x"', 'keyword:false',
    ]);
    // Text being typed: an unknown operator is a string, an unclosed field still a field.
    expect(words('[[["eq", "a"], 1], ["pri')).toEqual(['string:"eq"', 'property:"a"', 'number:1', 'property:"pri']);
  });

  test('wire: strings, numbers and keywords inside an object value, keys as strings (as in infix)', () => {
    expect(words('[["dimensions",{"brand":"b","n":1,"ok":[true,null],"x":{"y":-2.5e1}}]]')).toEqual([
      'property:"dimensions"', 'string:"brand"', 'string:"b"', 'string:"n"', 'number:1', 'string:"ok"', 'keyword:true', 'keyword:null', 'string:"x"', 'string:"y"', 'number:-2.5e1',
    ]);
    expect(words('dimensions = {"brand": "b", "n": 1}')).toEqual(['property:dimensions', 'operator:=', 'string:"brand"', 'string:"b"', 'string:"n"', 'number:1']);
    // Being typed: an unclosed object and string.
    expect(words('[["d", {"a": 1, "b')).toEqual(['property:"d"', 'string:"a"', 'number:1', 'string:"b']);
  });

  test('percent-encoded wire text: the tokens of the decoded JSON, each covering its escapes in the text given', () => {
    const text = encodeURIComponent('[["brand","Acmé"],[["<","price"],20]]');
    expect(words(text)).toEqual(['property:%22brand%22', 'string:%22Acm%C3%A9%22', 'operator:%22%3C%22', 'property:%22price%22', 'number:20']);
    // A malformed escape: none (the diagnostics say what is wrong).
    expect(semanticTokens('%5B%5B%22a%22%2C1%5D%5D%ZZ')).toEqual([]);
  });

  test('blank and overlong text have none; a non-string is a QueryError', () => {
    expect(semanticTokens(' \n')).toEqual([]);
    // Longer than maxLength (default 10 000, as complete's): none, unless raised.
    const long = 'a = 1 and '.repeat(1001);
    expect(semanticTokens(long)).toEqual([]);
    expect(semanticTokens(long, { maxLength: 20_000 })).toHaveLength(4004);
    expect(semanticTokens(long.slice(0, 10_000))).toHaveLength(4000);
    expect(() => semanticTokens(5 as unknown as string)).toThrow(/semanticTokens/);
    expect(() => semanticTokens(5 as unknown as string)).toThrowError(expect.objectContaining({ name: 'QueryError' }));
  });

  const textArb = fc.oneof(
    fc.array(fc.oneof(fc.constantFrom(...NASTY_PIECES, '[', ']', '"', ',', '`', 'and ', ' = ', 'one-of', 'present?', 'true', 'null', '1e5', '\n', '\r\n'), fc.string({ maxLength: 4 })), { maxLength: 30 }).map((p) => p.join('')),
    fc.string({ unit: 'binary' }),
  );

  test('on any text: words in text order, not empty, not overlapping, inside the text (property)', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        let end = 0;
        for (const t of semanticTokens(text)) {
          expect(SEMANTIC_TOKEN_TYPES).toContain(t.type);
          expect(t.start).toBeGreaterThanOrEqual(end);
          expect(t.end).toBeGreaterThan(t.start);
          end = t.end;
        }
        expect(end).toBeLessThanOrEqual(text.length);
      }),
      { seed: propertySeed(0x5e7a0001), numRuns: propertyRuns(1000) },
    );
  });

  /** What the tokens of a read query must be: its fields, operators and scalar values, by their spans. */
  function expectedOf(q: Query, syntax: 'infix' | 'wire'): Map<string, SemanticToken['type']> {
    const out = new Map<string, SemanticToken['type']>();
    const at = (s: Span | undefined, type: SemanticToken['type']) => s && out.set(`${s.start}-${s.end}`, type);
    const scalar = (v: JsonValue): SemanticToken['type'] | undefined =>
      typeof v === 'string' ? 'string' : typeof v === 'number' ? 'number' : v === null || typeof v === 'boolean' ? 'keyword' : undefined;
    for (const c of q.clauses as readonly Clause[]) {
      at(c.spans?.field, 'property');
      // The shorthand `[field, value]` has no operator of its own in the wire text.
      if (c.spans?.operator || syntax === 'infix') at(c.spans?.operator, /^[a-z]/.test(c.operator) ? 'keyword' : 'operator');
      if (Array.isArray(c.value)) c.value.forEach((v, i) => at(c.spans?.items?.[i], scalar(v)!));
      else if (scalar(c.value)) at(c.spans?.value, scalar(c.value)!);
    }
    return out;
  }

  const scalarsOnly = (q: Query) => q.clauses.every((c) => !c.value || typeof c.value !== 'object' || (Array.isArray(c.value) && c.value.every((v) => v === null || typeof v !== 'object')));

  test('the values of any query (objects too) get the same words in wire text as in infix (property)', () => {
    /** The value words in order, read as JSON, so that the two spellings of one value compare equal. */
    const valueWords = (text: string) =>
      semanticTokens(text, { maxLength: Infinity })
        .map((t) => [t.type, text.slice(t.start, t.end)] as const)
        .filter(([type, w]) => type === 'string' || type === 'number' || (type === 'keyword' && /^(true|false|null)$/.test(w)))
        .map(([type, w]) => `${type}:${JSON.stringify(JSON.parse(w))}`);
    fc.assert(
      fc.property(queryArb, (q) => {
        expect(valueWords(JSON.stringify(toWire(q)))).toEqual(valueWords(format(q)));
      }),
      { seed: propertySeed(0x5e7a0003), numRuns: propertyRuns(300) },
    );
  });

  test('on a query read back: its fields, operators and values, exactly where the parser puts them (property)', () => {
    fc.assert(
      fc.property(queryArb.filter(scalarsOnly), fc.boolean(), (q, wire) => {
        const text = wire ? JSON.stringify(toWire(q)) : format(q);
        const read = wire ? decode(text).query : parse(text).query;
        fc.pre(read !== undefined);
        const expected = expectedOf(read!, wire ? 'wire' : 'infix');
        // (Words the expectation does not name, such as `and` between clauses, are keywords or punctuation-free.)
        const got = new Map(semanticTokens(text).map((t) => [`${t.start}-${t.end}`, t.type]));
        for (const [span, type] of expected) expect([span, got.get(span)]).toEqual([span, type]);
        for (const [span, type] of got) if (!expected.has(span)) expect([span, text.slice(...span.split('-').map(Number)), type]).toEqual([span, 'and', 'keyword']);
      }),
      { seed: propertySeed(0x5e7a0002), numRuns: propertyRuns(500) },
    );
  });
});
