/**
 * The fast path of `decode` (src/wire/fast-read.ts) against the full reader (scanJson and
 * readClauses): whatever JSON text the fast path reads, the full reader reads as the same query,
 * spans included (and frozen alike), with no diagnostic; and the fast path reads the plain
 * shapes of canonical queries (fixed seeds).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { JsonValue, Query } from '../../src/ast/index.js';
import { readClauses } from '../../src/wire/clauses.js';
import { readPlainWire } from '../../src/wire/fast-read.js';
import { DEFAULT_LIMITS, type DecodeLimits } from '../../src/wire/limits.js';
import { scanJson } from '../../src/wire/scan.js';
import { decode, toWire } from '../../src/wire/index.js';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { queryArb } from '../support/query-arbitrary.js';
import { propertySeed, propertyRuns } from '../support/property-runs.js';

/** What the full reader makes of JSON text that JSON.parse accepts. */
function fullRead(text: string, limits: DecodeLimits): { query?: Query; diagnostics: Diagnostic[] } {
  const value = JSON.parse(text) as JsonValue;
  const diagnostics: Diagnostic[] = [];
  const { root, problems } = scanJson(text, limits.maxDepth);
  if (problems.length) return { diagnostics: [{ code: 'wire/too-deep' } as Diagnostic] };
  const query = readClauses({ value, root }, limits, diagnostics);
  return query ? { query, diagnostics } : { diagnostics };
}

/** Every node, with whether it is frozen, so that two queries compare frozen-ness too. */
function withFrozen(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return Object.is(v, -0) ? '-0' : v;
  const out: Record<string, unknown> = { frozen: Object.isFrozen(v) };
  for (const [k, x] of Object.entries(v)) out[k] = withFrozen(x);
  return out;
}

/** Holds the fast path to the full reader on `text`; returns whether the fast path read it. */
function agrees(text: string, limits: DecodeLimits = DEFAULT_LIMITS): boolean {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    return false;
  }
  const fast = readPlainWire(text, value, limits);
  if (fast === undefined) return false;
  const full = fullRead(text, limits);
  expect(full.diagnostics).toEqual([]);
  expect(fast).toEqual(full.query);
  // the same keys in the same order, -0 apart from 0, and the same nodes frozen
  expect(JSON.stringify(withFrozen(fast))).toBe(JSON.stringify(withFrozen(full.query)));
  // and decode itself gives the fast path's query
  expect(decode(text).query).toEqual(fast);
  return true;
}

/** JSON text of a query in the wire form, with blanks where JSON allows them. */
const spacedArb = fc.tuple(queryArb, fc.array(fc.constantFrom('', ' ', '\n', '\t ', '\r\n'), { minLength: 8, maxLength: 8 })).map(([q, blanks]) => {
  let k = 0;
  return JSON.stringify(toWire(q)).replace(/[[\],:]/g, (c) => `${blanks[k++ % 8] ?? ''}${c}${blanks[k++ % 8] ?? ''}`);
});

/** Pieces of wire text, valid and nearly valid, to join into clauses and queries. */
const HEADS = ['"a"', '"price"', '["<","price"]', '["one-of","c"]', '["present?","d"]', '["lt","p"]', '[1,"p"]', '["<",2]', '["<"]', '["<","p","q"]', '{}', '1', 'null', '[]'];
const VALUES = ['1', '-0', '1e308', '1e309', '-1e999', '0.5e-3', '"x"', '"a\\"b\\\\"', '"\\u00e9😀"', 'true', 'false', 'null', '[]', '[1,"b",true,null]', '[[1]]', '[{}]', '{"k":[1]}', '{}', '[[[[[]]]]]'];
const clauseArb = fc.oneof(
  fc.tuple(fc.constantFrom(...HEADS), fc.constantFrom(...VALUES)).map(([h, v]) => `[${h},${v}]`),
  fc.constantFrom('[]', '["a"]', '["a",1,2]', '["<","price",1]', '1', '"a"', '{"a":1}'),
);
const soupArb = fc.array(clauseArb, { maxLength: 5 }).map((cs) => `[${cs.join(',')}]`);

describe('the fast path of decode', () => {
  test('reads canonical queries of the plain shapes, and agrees with the full reader', () => {
    let read = 0;
    fc.assert(
      fc.property(queryArb, (q) => {
        if (agrees(JSON.stringify(toWire(q)))) read++;
      }),
      { seed: propertySeed(0x20fa02), numRuns: propertyRuns(400) },
    );
    // Most generated queries are plain (values of nested lists and objects are not).
    expect(read).toBeGreaterThan(100);
  });

  test('agrees with the full reader with blanks anywhere, and on soups of clauses', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.oneof(spacedArb, soupArb), (text) => {
        if (agrees(text)) read++;
      }),
      { seed: propertySeed(0x20fa03), numRuns: propertyRuns(1000) },
    );
    expect(read).toBeGreaterThan(100);
  });

  test('reads these and leaves these to the full reader', () => {
    expect(agrees('[]')).toBe(true);
    expect(agrees(' [ [ "a" , [ ] ] ] ')).toBe(true);
    expect(agrees('[["a",1],[["<","p"],"x"],[["one-of","c"],[1,"2",true,null]]]')).toBe(true);
    // overflowing numbers, nested containers, objects, unknown operators, bad shapes
    for (const text of ['[["a",1e999]]', '[["a",[[1]]]]', '[["a",{}]]', '[[["lt","p"],1]]', '[["a"]]', '{}', '[1]', '[[1,2]]']) expect(agrees(text)).toBe(false);
  });

  test('leaves tighter limits to the full reader', () => {
    const text = '[["a",1],["b",[1,2,3]]]';
    expect(agrees(text, { ...DEFAULT_LIMITS, maxClauses: 1 })).toBe(false);
    expect(agrees(text, { ...DEFAULT_LIMITS, maxListLength: 2 })).toBe(false);
    expect(agrees(text, { ...DEFAULT_LIMITS, maxDepth: 2 })).toBe(false);
    expect(agrees(text, { ...DEFAULT_LIMITS, maxClauses: 2, maxListLength: 3, maxDepth: 3 })).toBe(true);
  });
});
