import type { Catalog } from '../../src/catalog/index.js';
import { validate } from '../../src/check/index.js';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { spannedWire, type WireClause } from '../support/spanned-wire.js';

/** A catalog with one attribute of every type and cardinality the tests need. */
export const catalog: Catalog = {
  Id: 100,
  Name: 'Shop',
  Type: 'Product',
  Aliases: { Id: 'sku', Name: 'title', Brand: { Id: 'brand_id', Name: 'brand_label' } },
  SearchableAttributes: [
    { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
    { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
    { Attribute: 'sizes', Type: 'Number', Cardinality: 'Many' },
    { Attribute: 'color', Type: 'String', Cardinality: 'One' },
    { Attribute: 'labels', Type: 'String', Cardinality: 'Many' },
    { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
    { Attribute: 'tags', Type: 'Array', Cardinality: 'One' },
    { Attribute: 'in_stock', Type: 'Boolean', Cardinality: 'One' },
    { Attribute: 'brand_id', Type: 'Referenced', Cardinality: 'One', ReferenceId: 100 },
    { Attribute: 'meta', Type: 'Object', Cardinality: 'One' },
    { Attribute: 'Image', Type: 'String', Cardinality: 'One' },
  ],
};

/** Validates wire clauses written as JSON text; returns the text, the query and the diagnostics. */
export function check(clauses: readonly WireClause[], cat: Catalog = catalog) {
  const { text, query } = spannedWire(clauses);
  return { text, query, diagnostics: validate(query, cat) };
}

/** The source text a diagnostic points at. */
export function at(text: string, d: Diagnostic | undefined): string | undefined {
  return d?.span ? text.slice(d.span.start, d.span.end) : undefined;
}

/** Code, severity, path and pointed-at text of each diagnostic (what the unit tests assert). */
export function summary(text: string, diagnostics: readonly Diagnostic[]) {
  return diagnostics.map((d) => ({ code: d.code, severity: d.severity, path: d.path, at: at(text, d) }));
}
