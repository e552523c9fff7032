/**
 * Injection: user text reaches the filter only as data. Values that look like operators, field
 * paths, variables, regex syntax, dotted paths or prototype keys are matched literally; field
 * names with dots or a leading `$` are literal top-level keys; objects as values are refused.
 */
import { describe, expect, it } from 'vitest';
import { clause, query, type Clause, type JsonValue } from '../../src/ast/index.js';
import type { Catalog } from '../../src/catalog/index.js';
import { isQueryError } from '../../src/diagnostics/index.js';
import { toMongo, type MongoFilter } from '../../src/mongo/index.js';
import { mingoMatches, prefixedDocs, toDocumentValue } from './mingo-harness.js';

const NASTY = ['$gt', '$$ROOT', '$where', '$s', '.*', 'a.b', '__proto__', 'constructor', '{"$ne":null}', '\\', '[', '(?:', '^$', '$regex', "'; return true; //", ''];
const FIELDS = ['s', 'a.b', '$where', '$s', '__proto__', 'constructor'];

const catalog: Catalog = {
  Id: 100,
  Name: 'Injection',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [
    ...FIELDS.map((Attribute) => ({ Attribute, Type: 'String' as const, Cardinality: 'Many' as const })),
    { Attribute: 'ref', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'text', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'a', Type: 'Object', Cardinality: 'One' },
  ],
};

// Every field holds every nasty string once (item k holds NASTY[k] under every field), plus
// items whose nested object would satisfy a dotted path.
const items: Record<string, unknown>[] = NASTY.map((v, id) => JSON.parse(JSON.stringify({ id, ref: v, ...Object.fromEntries(FIELDS.map((f) => [f, v])) })));
items.push(JSON.parse('{"id":"nested","a":{"b":"a.b"},"s":["x"]}'));
items.push(JSON.parse('{"id":"proto","__proto__":{"s":"$gt"}}'));

const run = (c: Clause) => mingoMatches(toMongo(query([c]), catalog, { prefix: 'data' }), prefixedDocs(items)).map((i) => items[i]!['id']);

/** Paths of prefilters: declared attributes the match language can name (from the catalog, not the query). */
const PATHS = new Set(['data.s', 'data.constructor', 'data.ref']);

/** The names the compiler itself writes: keys of operator arguments, variables, BSON type names. */
const WORDS = new Set(['vars', 'in', 'as', 'input', 'field', 'regex', 'options', 'v', 'e', 'i', 't', 'm', 'k', 'toks', 'id', 'object', 'string', 'missing', 'null', 'bool', 'u']);

/**
 * Strings and keys of the filter that MongoDB interprets: everything but `$literal` values and
 * pattern strings inside `$expr`, and everything but the compared values outside it (the match
 * language reads the value of `$eq`, `$in`, `$lt`... as data; they must be scalars).
 */
function interpreted(node: JsonValue, out: string[] = [], inExpr = false): string[] {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) for (const n of node) interpreted(n, out, inExpr);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      out.push(k);
      if (inExpr) {
        if (k !== '$literal' && k !== 'regex') interpreted(v, out, true);
      } else if (['$eq', '$in', '$lt', '$lte', '$gt', '$gte'].includes(k)) {
        for (const x of Array.isArray(v) ? v : [v]) expect(['string', 'number', 'boolean']).toContain(typeof x);
      } else if (k !== '$exists') {
        interpreted(v, out, k === '$expr');
      }
    }
  }
  return out;
}

describe('values are data', () => {
  for (const field of FIELDS) {
    for (const [k, v] of NASTY.entries()) {
      it(`${JSON.stringify(field)} = ${JSON.stringify(v)} selects exactly the item holding it`, () => {
        expect(run(clause('=', field, v))).toEqual([k]);
      });
    }
  }

  it('one-of and Referenced values are data too', () => {
    expect(run(clause('one-of', 's', ['$gt', '$$ROOT']))).toEqual([0, 1]);
    expect(run(clause('=', 'ref', '$where'))).toEqual([2]);
  });

  it('no user string or key is ever interpreted: only compiler-made operators, variables and names', () => {
    for (const field of FIELDS) {
      for (const v of NASTY) {
        const filter = toMongo(query([clause('=', field, v), clause('one-of', 'ref', [v, 5])]), catalog, { prefix: 'data' });
        for (const s of interpreted(filter as JsonValue)) {
          const ok = s.startsWith('$') ? /^(\$[a-zA-Z]+|\$\$([a-z]+|ROOT|REMOVE)(\.match)?)$/.test(s) : WORDS.has(s) || PATHS.has(s);
          expect(ok, `${field} ${v}: ${s}`).toBe(true);
        }
      }
    }
  });

  it('regex metacharacters in matches values are separators, never syntax', () => {
    const texts = ['a b', 'ab', 'a', 'b x d', '.* a b', 'xyz'];
    const docs = prefixedDocs(texts.map((text, id) => ({ id, text })));
    const filter = toMongo(query([clause('matches', 'text', '.*(a|b)+ [^x]? \\d')]), catalog, { prefix: 'data' });
    expect(mingoMatches(filter, docs)).toEqual([]); // needs tokens a, b, x and d together
    const f2 = toMongo(query([clause('matches', 'text', '(a|b)*')]), catalog, { prefix: 'data' });
    expect(mingoMatches(f2, docs)).toEqual([0, 4]);
  });

  it('a dotted field is one literal key, never the path a → b', () => {
    expect(run(clause('present?', 'a.b', true))).toEqual(NASTY.map((_, k) => k));
  });

  it('a __proto__ key inside an item is an ordinary key', () => {
    expect(run(clause('present?', '__proto__', true))).toContain('proto');
  });

  it('documents without a prefix: $-prefixed and dotted keys are literal too', () => {
    const objs = items.map((d) => toDocumentValue(d));
    const filter: MongoFilter = toMongo(query([clause('=', '$where', '$gt')]), catalog);
    expect(mingoMatches(filter, objs)).toEqual([0]);
  });
});

describe('objects and other non-scalars as values are refused', () => {
  for (const value of [{ $ne: null }, { $gt: '' }, { $where: 'true' }, ['$gt'], null] as JsonValue[]) {
    it(`s = ${JSON.stringify(value)} throws QueryError`, () => {
      let error: unknown;
      try {
        toMongo(query([clause('=', 's', value)]), catalog);
      } catch (e) {
        error = e;
      }
      expect(isQueryError(error)).toBe(true);
      if (isQueryError(error)) expect(error.diagnostics.map((d) => d.code)).toContain('schema/type-mismatch');
    });
  }
});
