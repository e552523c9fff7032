import { describe, expect, it } from 'vitest';
import * as catq from './support/all-stages.js';
import { thrown } from './support/thrown.js';

// Every public function, called with arguments of the wrong kind (as JavaScript callers can),
// either reports diagnostics (the functions that never throw) or throws a QueryError that names
// the argument: never a TypeError from deep inside.

const catalog = catq.loadCatalog({
  Id: 100,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id' },
  SearchableAttributes: [{ Attribute: 'price', Type: 'Number', Cardinality: 'One' }],
}).catalog as catq.Catalog;
const query = catq.decode('[["price",1]]').query as catq.Query;
const bad: unknown[] = [undefined, null, 0, 'text', [], {}, { kind: 'query' }, { kind: 'query', clauses: null }, Symbol('s'), () => 1];

const never = {
  decode: (x: unknown) => catq.decode(x).diagnostics,
  loadCatalog: (x: unknown) => catq.loadCatalog(x).diagnostics,
  'validate(query)': (x: unknown) => catq.validate(x as catq.Query, catalog),
  'validate(catalog)': (x: unknown) => catq.validate(query, x as catq.Catalog),
  parse: (x: unknown) => catq.parse(x as string).diagnostics,
  'lint(input)': (x: unknown) => catq.lint(x as string, catalog).diagnostics,
  'lint(catalog)': (x: unknown) => catq.lint('price = 1', x as catq.Catalog).diagnostics,
  'listItems(items)': (x: unknown) => catq.listItems(x as unknown[], catalog, {}).diagnostics,
  'listItems(catalog)': (x: unknown) => catq.listItems([], x as catq.Catalog, {}).diagnostics,
  readListingParams: (x: unknown) => catq.readListingParams(x).diagnostics,
};

const throwing = {
  'compile(query)': (x: unknown) => catq.compile(x as catq.Query, catalog),
  'compile(catalog)': (x: unknown) => catq.compile(query, x as catq.Catalog),
  'filter(items)': (x: unknown) => catq.filter(x as unknown[], query, catalog),
  'explain(query)': (x: unknown) => catq.explain(x as catq.Query, catalog, {}),
  'query(clauses)': (x: unknown) => catq.query(x as catq.Clause[]),
  'query([clause])': (x: unknown) => catq.query([x] as catq.Clause[]),
  'clause(operator)': (x: unknown) => catq.clause(x as catq.Operator, 'price', 1),
  'clause(field)': (x: unknown) => catq.clause('=', x as string, 1),
  'clause(value)': (x: unknown) => catq.clause('=', 'price', x as catq.JsonValue),
  encode: (x: unknown) => catq.encode(x as catq.Query),
  toWire: (x: unknown) => catq.toWire(x as catq.Query),
  format: (x: unknown) => catq.format(x as catq.Query),
  'complete(text)': (x: unknown) => catq.complete(x as string, 0, catalog),
  'complete(catalog)': (x: unknown) => catq.complete('', 0, x as catq.Catalog),
  'hover(text)': (x: unknown) => catq.hover(x as string, 0, catalog),
  'hover(offset)': (x: unknown) => catq.hover('price', x as number, catalog),
  'hover(catalog)': (x: unknown) => catq.hover('price', 0, x as catq.Catalog),
  'semanticTokens(text)': (x: unknown) => catq.semanticTokens(x as string),
  'toSql(query)': (x: unknown) => catq.toSql(x as catq.Query, catalog, { dialect: 'postgres' }),
  'toSql(catalog)': (x: unknown) => catq.toSql(query, x as catq.Catalog, { dialect: 'sqlite' }),
  'toSql(options)': (x: unknown) => catq.toSql(query, catalog, x as never),
  'indexSql(catalog)': (x: unknown) => catq.indexSql(x as catq.Catalog, {}),
  'toMongo(query)': (x: unknown) => catq.toMongo(x as catq.Query, catalog),
  'toMongo(catalog)': (x: unknown) => catq.toMongo(query, x as catq.Catalog),
  renderDiagnostics: (x: unknown) => catq.renderDiagnostics(x as catq.Diagnostic[], ''),
  toLspDiagnostics: (x: unknown) => catq.toLspDiagnostics(x as catq.Diagnostic[], ''),
  toErrorBody: (x: unknown) => catq.toErrorBody(x as catq.Diagnostic[]),
};

describe('arguments of the wrong kind', () => {
  for (const [name, f] of Object.entries(never)) {
    it(`${name} returns diagnostics and never throws`, () => {
      for (const x of bad) {
        const e = thrown(() => f(x));
        expect(e, `${name}(${String(typeof x === 'symbol' ? 'symbol' : JSON.stringify(x))}) threw ${String(e)}`).toBeUndefined();
      }
      // readListingParams reads undefined as "no parameters" (the defaults); 0 is still wrong.
      expect(f(name === 'readListingParams' ? 0 : undefined).length).toBeGreaterThan(0);
    });
  }

  for (const [name, f] of Object.entries(throwing)) {
    it(`${name} throws a QueryError naming the argument, never a TypeError`, () => {
      for (const x of bad) {
        const e = thrown(() => f(x));
        if (e === undefined) continue; // some bad values are acceptable here (e.g. [] as diagnostics)
        expect(e, `${name}: ${String(e)}`).toBeInstanceOf(catq.QueryError);
      }
      const e = thrown(() => f(undefined));
      expect(e).toBeInstanceOf(catq.QueryError);
      expect((e as catq.QueryError).diagnostics.length).toBeGreaterThan(0);
    });
  }
});

describe('options arguments', () => {
  const options = {
    complete: (x: unknown) => catq.complete('price = ', 8, catalog, x as catq.CompleteOptions),
    'complete(items)': (x: unknown) => catq.complete('price = ', 8, catalog, { items: x as unknown[] }),
    'complete(maxValues)': (x: unknown) => catq.complete('price = ', 8, catalog, { items: [], maxValues: x as number }),
    semanticTokens: (x: unknown) => catq.semanticTokens('price', x as catq.SemanticTokensOptions),
    'semanticTokens(maxLength)': (x: unknown) => catq.semanticTokens('price', { maxLength: x as number }),
    toLspDiagnostics: (x: unknown) => catq.toLspDiagnostics([], '', x as catq.LspOptions),
  };
  for (const [name, f] of Object.entries(options)) {
    it(`${name}: left out is fine; a value of the wrong kind is a QueryError`, () => {
      expect(thrown(() => f(undefined))).toBeUndefined();
      for (const x of [null, 0, 'text', Symbol('s'), () => 1]) {
        if ((name === 'complete(maxValues)' || name === 'semanticTokens(maxLength)') && x === 0) continue; // 0 is a number of values (of characters)
        expect(thrown(() => f(x)), `${name}(${typeof x === 'symbol' ? 'symbol' : String(x)})`).toBeInstanceOf(catq.QueryError);
      }
    });
  }
});
