/**
 * Executable notes on the engines: what the match language's plain operators do on the traps of
 * docs/semantics.md (on mingo, with MongoDB's documented behaviour alongside), where mingo differs from
 * MongoDB, and that toMongo's filters give the docs/semantics.md answer on each of them. Every fact
 * here is cited in docs/backends.md.
 */
import { Query as MingoQuery } from 'mingo';
import { describe, expect, it } from 'vitest';
import { clause, query, type Clause } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { toMongo } from '../../src/mongo/index.js';
import { toDocumentValue } from './mingo-harness.js';

const test = (filter: object, doc: object) => new MingoQuery(filter as Record<string, unknown>).test(doc as Record<string, unknown>);
const catalog: Catalog = {
  Id: 100,
  Name: 'Traps',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    { Attribute: 'n', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'ns', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 's', Type: 'String', Cardinality: 'One' },
    { Attribute: 'arr', Type: 'Array', Cardinality: 'One' },
    { Attribute: 'constructor', Type: 'Number', Cardinality: 'One' },
  ],
};
const ours = (c: Clause, doc: object) => test(toMongo(query([c]), catalog), toDocumentValue(doc) as object);

describe('plain operators vs docs/semantics.md (same on mingo and MongoDB)', () => {
  it('{ f: null } matches a missing key and [null]; present? false matches neither [null]', () => {
    expect(test({ n: null }, {})).toBe(true);
    expect(test({ n: null }, { n: [null] })).toBe(true);
    expect(ours(clause('present?', 'n', false), {})).toBe(true);
    expect(ours(clause('present?', 'n', false), { n: null })).toBe(true);
    expect(ours(clause('present?', 'n', false), { n: [null] })).toBe(false);
  });

  it('{ f: 5 } matches [5] element-wise; a One attribute must not', () => {
    expect(test({ n: 5 }, { n: [5] })).toBe(true);
    expect(ours(clause('=', 'n', 5), { n: [5] })).toBe(false);
    expect(ours(clause('=', 'ns', 5), { ns: [5] })).toBe(true);
  });

  it('{ f: 5 } looks one level into arrays only: [[5]] does not match', () => {
    expect(test({ ns: 5 }, { ns: [[5]] })).toBe(false);
    expect(ours(clause('=', 'ns', 5), { ns: [[5]] })).toBe(false);
  });

  it('one-of on Array compares elements with the candidates, never whole arrays', () => {
    expect(ours(clause('one-of', 'arr', [1, 2]), { arr: [1, 2] })).toBe(true); // element 1 (or 2) equals a candidate
    expect(ours(clause('one-of', 'arr', [3]), { arr: [[3]] })).toBe(false); // nested arrays never equal a scalar
  });

  it('$exists counts null as present; present? true does not', () => {
    expect(test({ n: { $exists: true } }, { n: null })).toBe(true);
    expect(ours(clause('present?', 'n', true), { n: null })).toBe(false);
  });

  it('$ne matches missing keys and arrays without the value; there is no != in the language', () => {
    expect(test({ n: { $ne: 5 } }, {})).toBe(true);
  });

  it('a dotted key is a path in the match language', () => {
    expect(test({ 'a.b': 1 }, { a: { b: 1 } })).toBe(true);
    expect(test({ 'a.b': 1 }, toDocumentValue(JSON.parse('{"a.b":1}')) as object)).toBe(false);
  });
});

describe('where mingo differs from MongoDB (our filters avoid each)', () => {
  it('mingo: $in with an array candidate does not match the equal array value (MongoDB does)', () => {
    expect(test({ arr: { $in: [[1, 2]] } }, { arr: [1, 2] })).toBe(false);
  });

  it('mingo: aggregation $eq compares arrays element-wise (MongoDB: [5] != 5)', () => {
    expect(test({ $expr: { $eq: ['$n', 5] } }, { n: [5] })).toBe(true);
  });

  it('mingo: $getField reads inherited members of ordinary JS objects (BSON documents have none)', () => {
    const f = { $expr: { $eq: [{ $type: { $getField: { field: { $literal: 'constructor' }, input: '$$ROOT' } } }, 'missing'] } };
    expect(test(f, {})).toBe(false);
    expect(test(f, Object.create(null) as object)).toBe(true);
    expect(ours(clause('present?', 'constructor', false), {})).toBe(true);
  });

  it('mingo: strings compare by UTF-16 code unit (MongoDB: by UTF-8 byte = code point)', () => {
    // U+FFFD < U+1F600 by code point; by UTF-16 code unit 0xFFFD > 0xD83D.
    expect(test({ s: { $lt: '\u{1F600}' } }, { s: '\uFFFD' })).toBe(false);
  });

  it('mingo: regex options go to new RegExp as given, so the u flag works', () => {
    expect(test({ s: { $regex: '^\u{1D4B3}$', $options: 'u' } }, { s: '\u{1D4B3}' })).toBe(true);
    expect(test({ s: { $regex: '^.$', $options: 'u' } }, { s: '\u{1D4B3}' })).toBe(true);
    expect(test({ s: { $regex: '^.$' } }, { s: '\u{1D4B3}' })).toBe(false);
  });
});
