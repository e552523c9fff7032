import { describe, expect, it } from 'vitest';
import * as catq from '../src/index.js';
import * as evalEntry from '../src/eval/index.js';
import * as listing from '../src/listing/index.js';
import * as mongo from '../src/mongo/index.js';
import * as sql from '../src/sql/index.js';
import * as syntax from '../src/editor/syntax-entry.js';
import { thrown } from './support/thrown.js';

// Audit (CLI and API) item 9: exported functions threw a bare TypeError / RangeError / Error
// for a wrong argument (docs/diagnostics.md: "You never get a bare TypeError from deep inside
// catq"). Each now throws a QueryError whose diagnostic names the argument.

const catalog = catq.loadCatalog({
  Id: 100,
  Name: 'c',
  Type: 'Product',
  Aliases: { Id: 'id', Brand: { Id: 'brand_id', Name: 'brand' } },
  SearchableAttributes: [
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'brand', Type: 'String', Cardinality: 'One' },
  ],
}).catalog as catq.Catalog;
const q = catq.decode('[["price",1]]').query as catq.Query;
const cyclic: unknown[] = [];
cyclic.push(cyclic);
const revoked = (() => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
})();
const throwing = new Proxy({}, { get: () => { throw new Error('PROXY-BOOM'); }, ownKeys: () => { throw new Error('PROXY-BOOM'); } });

const calls: [string, () => unknown, string?][] = [
  ['detectSyntax(undefined)', () => catq.detectSyntax(undefined as never), 'input'],
  ['detectSyntax(42)', () => catq.detectSyntax(42 as never), 'input'],
  ['formatClause(undefined)', () => syntax.formatClause(undefined as never), 'clause'],
  ['formatClause({})', () => syntax.formatClause({} as never), 'clause'],
  ['formatField(42)', () => syntax.formatField(42 as never), 'name'],
  ['formatValue(10n)', () => syntax.formatValue(10n as never)],
  ['formatValue(cyclic)', () => syntax.formatValue(cyclic as never)],
  ['hasErrors(undefined)', () => catq.hasErrors(undefined as never), 'diagnostics'],
  ['fieldNames(undefined)', () => catq.fieldNames(undefined as never), 'catalog'],
  ['resolveField(undefined, "brand")', () => catq.resolveField(undefined as never, 'brand'), 'catalog'],
  ['resolveField(catalog, 42)', () => catq.resolveField(catalog, 42 as never), 'field'],
  ['queryEqual(undefined, q)', () => catq.queryEqual(undefined as never, q), 'a'],
  ['stripSpans(undefined)', () => catq.stripSpans(undefined as never), 'q'],
  ['compile(q, catalog, null)', () => catq.compile(q, catalog, null as never), 'options'],
  ['filter([], q, catalog, null)', () => evalEntry.filter([], q, catalog, null as never), 'options'],
  ['compileChecked(undefined)', () => evalEntry.compileChecked(undefined as never), 'checked'],
  ['toMongoListing(q, undefined)', () => mongo.toMongoListing(q, undefined as never), 'catalog'],
  ['toMongoListing(q, catalog, null)', () => mongo.toMongoListing(q, catalog, null as never), 'params'],
  ['indexSql(catalog, "string")', () => sql.indexSql(catalog, 'string' as never), 'options'],
  ['renderDiagnostics([], "", null)', () => catq.renderDiagnostics([], '', null as never), 'options'],
  ['encode(throwing proxy)', () => catq.encode(throwing as never)],
  ['toWire(throwing proxy)', () => catq.toWire(throwing as never)],
  ['layoutUpsert(layout, {table}, undefined)', () => sql.layoutUpsert(sql.searchLayout(catalog), { table: 't' }, undefined as never), 'entries'],
  ['idToText(undefined)', () => listing.idToText(undefined as never), 'id'],
  ['idFromText(5)', () => listing.idFromText(5 as never), 'text'],
  ['cutName(undefined)', () => listing.cutName(undefined as never), 'name'],
  ['itemUri(5, undefined)', () => listing.itemUri(5, undefined as never), 'catalog'],
  ['kindSource(undefined, "brand")', () => listing.kindSource(undefined as never, 'brand'), 'catalog'],
  ['kindSource(catalog, "nope")', () => listing.kindSource(catalog, 'nope' as never), 'kind'],
  ['derivedRecordsCatalog({}, "brand")', () => listing.derivedRecordsCatalog({} as never, 'brand')],
  ['parse(revoked)', () => catq.parse(revoked as never)],
  ['lint(revoked, catalog)', () => catq.lint(revoked as never, catalog)],
];

describe('wrong arguments are QueryErrors naming the argument, never a bare TypeError', () => {
  it.each(calls)('%s', (_name, call, argument) => {
    const e = thrown(call);
    if (e === undefined) return; // the functions that never throw returned their diagnostics
    expect(e).toBeInstanceOf(catq.QueryError);
    const [d] = (e as catq.QueryError).diagnostics;
    expect(d?.code).toMatch(/^(api|catalog)\//);
    if (argument !== undefined) expect(d?.data?.['name']).toBe(argument);
  });

  it('parse and lint of a revoked proxy return a diagnostic', () => {
    expect(catq.parse(revoked as never).diagnostics[0]?.code).toBe('api/bad-argument');
    expect(catq.lint(revoked as never, catalog).diagnostics[0]?.code).toBe('api/bad-argument');
  });

  it('explain never throws because of the item, a revoked proxy included', () => {
    const r = catq.explain(q, catalog, revoked);
    expect(r.matched).toBe(false);
    expect(r.clauses[0]?.outcome).toBe('missing');
  });
});
