/**
 * The set-ups a doc fragment may assume, by name: `<!-- preamble: catalog -->` on the line before a
 * block's fence prepends PREAMBLES.catalog to it when test/docs/examples.test.ts type-checks it.
 * Declarations only (`declare const ...`): a fragment is type-checked, not run.
 */
export const PREAMBLES: Readonly<Record<string, string>> = {
  /** A loaded catalog. */
  catalog: "import type { Catalog } from 'catq';\ndeclare const catalog: Catalog;",
};

/**
 * Fragments of the docs that do not type-check yet (they use names they do not define), by file
 * and first line of code. The test fails when a listed block type-checks, so this list only
 * shrinks: give each a `<!-- preamble: ... -->` (and an entry above) and remove it here.
 */
export const NOT_YET_CHECKED: readonly string[] = [
  "README.md: import { queryBuilder } from 'catq/builder';",
  "README.md: import { decode, validate, loadCatalog, toErrorBody } from 'catq';",
  "docs/backends.md: import { toMongo, toMongoListing, mongoPage } from 'catq/mongo';",
  "docs/semantics.md: const { query } = decode('[[\"Brand.Name\",\"Acme\"],[[\"<\",\"price\"],10]]');",
  "docs/semantics.md: import { decode, compile, filter, listItems, explain, toErrorBody } from 'catq';",
  "docs/backends.md: const ml = toMongoListing(query, catalog, { boundary: 'k', comparison: '<', limit: 20 }, { prefix: 'data' });",
  "docs/sql.md: import { toSql, listSql, sqlPage, indexSql, registerSqliteFunctions } from 'catq/sql';",
  "docs/sql.md: const list = listSql(query, catalog, { 'boundary-id': 42, limit: 20 }, { dialect: 'postgres' });",
  "docs/sql.md: const { response, diagnostics } = await sqlListItems(",
  "docs/wire.md: import { decode, encode, toWire } from 'catq'; // or 'catq/wire'",
  "docs/catalog.md: import { loadCatalog } from 'catq';",
  "docs/codemirror.md: import { EditorView, basicSetup } from 'codemirror';",
  "docs/diagnostics.md: interface Diagnostic {",
  "docs/diagnostics.md: import { decode, validate, renderDiagnostics, toLspDiagnostics, toErrorBody } from 'catq';",
  "docs/language.md: import { lint, complete, hover, toLspDiagnostics } from 'catq';",
  "docs/limits.md: decode(q, { maxLength: 1_000_000, maxDiagnostics: 20 });          // the wire limits",
];
