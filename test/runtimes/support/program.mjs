/**
 * The program every runtime runs (Node, Deno, Bun, workerd), against the built package: it
 * imports `catq`, `catq/sql`, `catq/syntax`, `catq/builder`, `catq/client` and `catq/client/check`
 * by name, as an application would, and returns plain JSON. It uses nothing of the platform but `fetch` (through
 * the client) so that the same text runs everywhere; the runners (run-program.ts) give it its
 * config and print its result.
 *
 * `config`: `catalog` (the interface's JSON), `items` (raw products), `infix` (a query in infix),
 * `wire` (a percent-encoded wire query), `baseUrl` and `apiKey` of a running catq-server that
 * holds `items`.
 */
import { compile, decode, encode, filter, format, isQueryError, lint, loadCatalog, parse, validate } from 'catq';
import { toSql } from 'catq/sql';
import { parse as parseInfix } from 'catq/syntax';
import { queryBuilder } from 'catq/builder';
import { CatalogApiError, createClient } from 'catq/client';
import { preSendCheck } from 'catq/client/check';

const codes = (diagnostics) => diagnostics.map((d) => d.code);
const described = (diagnostics) => diagnostics.map((d) => [d.code, d.message, d.span ? [d.span.start, d.span.end] : null]);

/** What the thrown value was: a QueryError's codes, a CatalogApiError's status, or its text. */
function failure(fn) {
  try {
    fn();
    return 'no error';
  } catch (e) {
    return isQueryError(e) ? codes(e.diagnostics) : String(e);
  }
}

export async function run(config) {
  const { catalog, diagnostics: catalogDiagnostics } = loadCatalog(config.catalog);
  if (!catalog) throw new Error(`catalog refused: ${JSON.stringify(catalogDiagnostics)}`);
  const out = { catalog: codes(catalogDiagnostics) };

  // Decode the wire form and check it against the catalog.
  const wire = decode(config.wire);
  out.decoded = { clauses: wire.query.clauses.length, diagnostics: codes(wire.diagnostics), valid: codes(validate(wire.query, catalog)), q: encode(wire.query) };
  out.badJson = described(decode('[["brand", "Acme",], [["<" "price"], 20]]').diagnostics);
  out.unknownOperator = described(decode('[[["lesser", "price"], 20]]').diagnostics);
  const wrong = decode('[["prce", 20], [["<", "price"], "cheap"], [["matches", "title"], "!!"]]');
  out.invalid = validate(wrong.query, catalog).map((d) => [d.code, d.message, (d.fixes ?? []).map((f) => f.title)]);

  // Parse infix, format it, and lint text with mistakes.
  const parsed = parse(config.infix);
  out.parsed = { q: encode(parsed.query), formatted: format(parsed.query), diagnostics: codes(parsed.diagnostics) };
  out.syntaxError = described(parse('price < and brand = ').diagnostics);
  out.lint = described(lint('title matches "rain" and prce < 2 and brand = 5', catalog).diagnostics);

  // Compile a predicate and filter the items; the same through filter().
  const predicate = compile(parsed.query, catalog);
  out.compiled = config.items.filter((item) => predicate(item)).map((item) => item.id);
  out.filtered = filter(config.items, wire.query, catalog).map((item) => item.id);

  // SQL for every dialect.
  out.sql = Object.fromEntries(
    ['postgres', 'mysql', 'sqlite'].map((dialect) => {
      const { sql, params } = toSql(parsed.query, catalog, { dialect, table: 'items', column: 'data' });
      return [dialect, [sql, params]];
    }),
  );

  // The typed builder (here on the catalog JSON, as in plain JavaScript).
  const built = queryBuilder(config.catalog).where('price', '<', 30).where('title', 'matches', 'rain jacket');
  out.builder = { q: built.toQ(), infix: built.toInfix(), matching: filter(config.items, built.toQuery(), catalog).map((item) => item.id) };
  out.builderError = failure(() => queryBuilder(config.catalog).where('prce', '<', 20));

  // The client against the running service, with the check of q before sending.
  const client = createClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, parse: parseInfix, check: preSendCheck, retry: { retries: 0 } });
  const served = await client.getCatalog(config.catalog.Id);
  const listed = [];
  for await (const item of client.listItems(config.catalog.Id, 'product', { q: config.infix, limit: 3 })) listed.push(item.Id);
  const pages = [];
  for await (const page of client.listItemPages(config.catalog.Id, 'product', { q: built, limit: 4, direction: 'backward' })) pages.push(page.Items.map((i) => i.Id));
  const one = listed.length ? await client.getItem(config.catalog.Id, 'product', listed[0]) : null;
  let denied;
  try {
    await createClient({ baseUrl: config.baseUrl, apiKey: 'not-the-key', retry: { retries: 0 } }).getCatalog(config.catalog.Id);
    denied = 'no error';
  } catch (e) {
    denied = e instanceof CatalogApiError ? [e.status, e.messages.length > 0] : String(e);
  }
  // Without the check (catq/client alone), the same mistake is the service's 400.
  const plain = createClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, parse: parseInfix, retry: { retries: 0 } });
  await plain.getCatalog(config.catalog.Id);
  let refusedByService;
  try {
    await plain.listItems(config.catalog.Id, 'product', { q: 'prce < 20' }).next();
    refusedByService = 'no error';
  } catch (e) {
    refusedByService = e instanceof CatalogApiError ? e.status : String(e);
  }
  out.client = {
    name: served.Name,
    listed,
    pagesBackward: pages,
    item: one && { Id: one.Id, Name: one.Name, Type: one.Type, title: one.Data?.title },
    denied,
    refusedBeforeSending: failure(() => client.listItems(config.catalog.Id, 'product', { q: 'prce < 20' })),
    refusedByService,
  };
  return out;
}
