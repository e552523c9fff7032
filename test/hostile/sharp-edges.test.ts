import { describe, expect, it } from 'vitest';
import * as catq from '../support/all-stages.js';
import { catalog } from '../check/fixture.js';

// Issue 13 §3: the sharp edges a new user hit. Wrong arguments give diagnostics or a QueryError,
// never a bare TypeError; wire input reports every problem; infix sent as q is recognised.

const bad: unknown[] = [undefined, null, 0, 'text', {}, { kind: 'query' }, { kind: 'query', clauses: [null] }, { kind: 'query', clauses: [{ kind: 'clause' }] }, Symbol('s'), () => 1, 10n];

function outcome(f: () => unknown): unknown {
  try {
    f();
    return undefined;
  } catch (e) {
    return e;
  }
}

const listing = { query: catq.query([]), limit: 10, order: 'asc' } as const;
const sqlList = catq.listSql(catq.query([]), catalog, { limit: 2 }, { dialect: 'sqlite' });
const mongoList = catq.toMongoListing(catq.query([]), catalog, { limit: 2 });

const calls: Record<string, (x: unknown) => unknown> = {
  format: (x) => catq.format(x as catq.Query),
  toWire: (x) => catq.toWire(x as catq.Query),
  encode: (x) => catq.encode(x as catq.Query),
  'sqlPage(list)': (x) => catq.sqlPage(x as never, [], false, catalog),
  'sqlPage(rows)': (x) => catq.sqlPage(sqlList, x as never, false, catalog),
  'mongoPage(listing)': (x) => catq.mongoPage(x as never, [], false, catalog),
  'mongoPage(docs)': (x) => catq.mongoPage(mongoList, x as never, false, catalog),
  'buildPage(listing)': (x) => catq.buildPage(x as never, [], { before: false, after: false }, catalog),
  'buildPage(items)': (x) => catq.buildPage(listing, x as never, { before: false, after: false }, catalog),
  'buildPage(catalog)': (x) => catq.buildPage(listing, [{ sku: 'a' }], { before: false, after: false }, x as never),
  'pageOf(listing)': (x) => catq.pageOf(x as never, [], catalog),
  'pageOf(items)': (x) => catq.pageOf(listing, x as never, catalog),
  'toListedItem(catalog)': (x) => catq.toListedItem({ sku: 'a' }, x as never),
  'toListedItem(options)': (x) => catq.toListedItem({ sku: 'a' }, catalog, x as never),
  'fixEdits(query)': (x) => catq.fixEdits(x as never, { kind: 'set-value', clause: 0, value: 1 }, catq.wirePrinter),
  'fixEdits(change)': (x) => catq.fixEdits(catq.decode('[["sku","a"]]').query!, x as never, catq.wirePrinter),
  'fixEdits(printer)': (x) => catq.fixEdits(catq.decode('[["sku","a"]]').query!, { kind: 'set-value', clause: 0, value: 1 }, x as never),
  registerSqliteFunctions: (x) => catq.registerSqliteFunctions(x as never),
};

describe('wrong arguments never give a bare TypeError', () => {
  for (const [name, f] of Object.entries(calls)) {
    it(name, () => {
      for (const x of bad) {
        const e = outcome(() => f(x));
        if (e === undefined) continue;
        expect(e, `${name}(${typeof x}): ${String(e)}`).toBeInstanceOf(catq.QueryError);
      }
    });
  }
});

describe('sqlPage given rows it cannot read', () => {
  it('unparsed JSON text rows are an error, not silently dropped', () => {
    const rows = ['{"sku":"a"}', '{"sku":"b"}'];
    const e = outcome(() => catq.sqlPage(sqlList, rows, false, catalog));
    expect(e).toBeInstanceOf(catq.QueryError);
    expect((e as catq.QueryError).diagnostics[0]?.message).toMatch(/JSON\.parse|parse/);
  });
});

describe('wire input reports every problem', () => {
  it('an unknown operator does not hide the other clauses\' problems', () => {
    const { diagnostics } = catq.decode('[[["oneof","colour"],["red"]],[["lt","price"],"x"],[1,2]]');
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['wire/unknown-operator', '/0/0/0'],
      ['wire/unknown-operator', '/1/0/0'],
      ['wire/field-not-string', '/2/0'],
    ]);
    const linted = catq.lint('[[["oneof","colour"],["red"]],[["<","price"],"x"]]', catalog).diagnostics.map((d) => d.code);
    expect(linted).toEqual(['wire/unknown-operator', 'schema/type-mismatch']);
  });
});

describe('infix text sent as q', () => {
  it('is recognised once, and the listing says how to convert it without loading the parser', () => {
    const { diagnostics } = catq.decode('price < 20 and brand = "Acme"');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.code).toBe('wire/infix-as-q');
    expect(diagnostics[0]?.span).toBeDefined();
    // Where a service reads q (List Catalog Items), the listing (which never loads the infix
    // parser) passes the decoder's finding on, with how to convert the text.
    const listed = catq.listItems([], catalog, { q: 'price < 20 and sku = "Acme"' }).diagnostics;
    expect(listed.map((d) => d.code)).toEqual(['wire/infix-as-q']);
    expect(catq.toErrorBody(listed).Errors[0]?.message).toMatch(/infix syntax.*catq convert --to uri/);
    const encoded = catq.decode(encodeURIComponent('brand = "Acme"')).diagnostics;
    expect(encoded.map((d) => d.code)).toEqual(['wire/infix-as-q']);
    // Not infix either: the JSON error stays.
    expect(catq.decode('{"a":1}').diagnostics.map((d) => d.code)).not.toContain('wire/infix-as-q');
  });
});
