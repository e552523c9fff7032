// The 50-clause query of the editor benchmarks (bench/playground.bench.mjs, in Node and in
// Chromium): every operator and type of the sample catalog, and one misspelt field, so that the
// linter finds a diagnostic with a fix, as while typing.
const TEMPLATES = [
  (i) => `price < ${100 + i}`,
  (i) => `brand one-of ["Hearth", "Tern & Hook", "B${i}"]`,
  (i) => `title matches "boot ${i}"`,
  (i) => `description matches-phrase "three-season ${i}"`,
  (i) => `tags one-of ["sale", "new", "t${i}"]`,
  (i) => `rating >= ${i % 5}`,
  (i) => `created_at >= "2020-0${1 + (i % 9)}-01"`,
  (i) => `category_path = ${400 + i}`,
  () => `Brand.Name present? true`,
  (i) => `sale_price <= ${i}.5`,
];

/** The query text, one clause per line. */
export function fiftyClauses() {
  const clauses = Array.from({ length: 50 }, (_, i) => TEMPLATES[i % TEMPLATES.length](i));
  clauses[25] = 'in_stok = true';
  return clauses.join('\nand ');
}
