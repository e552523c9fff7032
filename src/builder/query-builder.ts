import { query as trustedQuery, type Clause, type JsonArray, type Query } from '../ast/index.js';
import { loadCatalog, type Catalog } from '../catalog/index.js';
import { validate } from '../check/index.js';
import { describeValue, QueryError, type Diagnostic, type QueryChange } from '../diagnostics/index.js';
import { format } from '../syntax/index.js';
import { clause as checkedClause, encode, toWire } from '../wire/index.js';
import type { FieldOf, OperatorOf, ValueOf } from './catalog-types.js';

/**
 * Builds a query for the catalog it was made for, one clause at a time. Immutable: `where`
 * returns a new builder, so a partly built query can be shared and extended in several ways.
 *
 * With a catalog declared as a constant (see {@link queryBuilder}) the type checker accepts only
 * the catalog's fields and alias paths, the operators allowed on each field's type and values of
 * that type. At run time every clause is checked against the catalog when it is added, whatever
 * the caller's types said: an invalid clause throws a {@link QueryError} with catq's diagnostics,
 * so a builder never holds a query that `validate` rejects.
 */
export class QueryBuilder<C extends Catalog = Catalog> {
  readonly #catalog: Catalog;
  readonly #clauses: readonly Clause[];

  private constructor(catalog: Catalog, clauses: readonly Clause[]) {
    this.#catalog = catalog;
    this.#clauses = clauses;
  }

  /** @internal Use {@link queryBuilder}. */
  static create<C extends Catalog>(catalog: C): QueryBuilder<C> {
    const { catalog: loaded, diagnostics } = loadCatalog(catalog);
    if (!loaded) throw new QueryError(diagnostics, 'queryBuilder() needs a valid catalog');
    return new QueryBuilder<C>(loaded, []);
  }

  /**
   * A new builder with one more clause (clauses are combined with AND). The value is copied;
   * the caller's arrays stay theirs, unfrozen.
   *
   * @throws QueryError when the field is not the catalog's, the operator is unknown or not allowed
   *   on the field's type, or the value does not suit them (paths point at the clause's index).
   */
  where<const F extends FieldOf<C>, const O extends OperatorOf<C, F>>(field: F, operator: O, value: ValueOf<C, F, O>): QueryBuilder<C> {
    const index = this.#clauses.length;
    const context = `where(${show(field)}, ${show(operator)}, ${show(value)}) cannot add this clause`;
    let c: Clause;
    try {
      c = checkedClause(operator as never, field as never, value as never);
    } catch (e) {
      // Paths of clause() point into the clause's own wire form: prefix the clause's index.
      throw e instanceof QueryError ? new QueryError(e.diagnostics.map((d) => (d.path === undefined ? d : { ...d, path: `/${index}${d.path}` })), context) : e;
    }
    const errors = validate(trustedQuery([c]), this.#catalog).filter((d) => d.severity === 'error');
    if (errors.length) throw new QueryError(errors.map((d) => reindex(d, index)), context);
    return new QueryBuilder<C>(this.#catalog, [...this.#clauses, c]);
  }

  /** The clauses added so far (frozen nodes). */
  get clauses(): readonly Clause[] {
    return this.#clauses;
  }

  /** The checked copy of the catalog this builder validates against. */
  get catalog(): Catalog {
    return this.#catalog;
  }

  /** The query as catq's AST (frozen plain data), ready for `compile`, `toSql`, `toMongo`... */
  toQuery(): Query {
    return trustedQuery(this.#clauses);
  }

  /** The query's wire array (docs/semantics.md section 1): `[["brand","Acme"],[["<","price"],20]]`. */
  toWire(): JsonArray {
    return toWire(this.toQuery());
  }

  /** The canonical, percent-encoded `q` parameter: `encodeURIComponent(JSON.stringify(toWire()))`. */
  toQ(): string {
    return encode(this.toQuery());
  }

  /** The canonical infix text: `brand = "Acme" and price < 20` (`""` for no clause). */
  toInfix(): string {
    return format(this.toQuery());
  }

  /**
   * The warnings `validate` gives the whole query: duplicate clauses, a clause implied by
   * another, clauses that can never be true together. (Errors cannot occur: they throw in `where`.)
   */
  warnings(): Diagnostic[] {
    return validate(this.toQuery(), this.#catalog);
  }

  /** `JSON.stringify(builder)` writes the wire array. */
  toJSON(): JsonArray {
    return this.toWire();
  }

  /** The infix text. */
  toString(): string {
    return this.toInfix();
  }
}

/**
 * A query builder for `catalog`. Declared inline or through {@link defineCatalog}, the catalog is
 * read as a constant by the type checker (no `as const` needed), which then allows only its
 * fields, operators and values:
 *
 * ```ts
 * const shop = queryBuilder({
 *   Id: 700, Name: 'Shop', Type: 'Product', Aliases: { Id: 'sku' },
 *   SearchableAttributes: [
 *     { Attribute: 'sku', Type: 'String', Cardinality: 'One' },
 *     { Attribute: 'price', Type: 'Number', Cardinality: 'One' },
 *     { Attribute: 'title', Type: 'Text', Cardinality: 'One' },
 *   ],
 * });
 * shop.where('price', '<', 20).where('title', 'matches', 'rain jacket').toInfix();
 * // 'price < 20 and title matches "rain jacket"'
 * ```
 *
 * A catalog only known at run time (typed `Catalog`, from `loadCatalog` or JSON) gets the same
 * checks at run time. The catalog is checked and copied once, here; the caller's object is
 * neither frozen nor kept.
 *
 * @throws QueryError when `catalog` is not a valid catalog (the diagnostics of `loadCatalog`).
 */
export function queryBuilder<const C extends Catalog>(catalog: C): QueryBuilder<C> {
  return QueryBuilder.create(catalog);
}

/**
 * Declares a catalog as a constant for the type checker (literal field names and types, no
 * `as const`) and checks it at run time like `loadCatalog`. Returns the checked, deep-frozen
 * copy, typed as declared, for use with {@link queryBuilder} and every other catq function.
 *
 * @throws QueryError with the diagnostics of `loadCatalog` when the catalog is not valid.
 */
export function defineCatalog<const C extends Catalog>(catalog: C): C {
  const { catalog: loaded, diagnostics } = loadCatalog(catalog);
  if (!loaded) throw new QueryError(diagnostics, 'defineCatalog() was given a catalog that is not valid');
  return loaded as C;
}

/** A diagnostic of a one-clause query, moved to the clause's place in the builder. */
function reindex(d: Diagnostic, index: number): Diagnostic {
  const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { ...d };
  if (d.path !== undefined) out.path = d.path === '' ? `/${index}` : d.path.replace(/^\/0(?=\/|$)/, `/${index}`);
  if (d.fixes) out.fixes = d.fixes.map((f) => (f.change ? { ...f, change: reindexChange(f.change, index) } : f));
  return out;
}

function reindexChange(c: QueryChange, index: number): QueryChange {
  switch (c.kind) {
    case 'replace-clauses':
      return { ...c, clauses: c.clauses.map(() => index) };
    default:
      return { ...c, clause: index };
  }
}

/** A short rendering of an argument for the error's first line. */
function show(v: unknown): string {
  try {
    const s = typeof v === 'number' || v === undefined ? String(v) : (JSON.stringify(v) ?? describeValue(v));
    return s.length > 40 ? s.slice(0, 37) + '...' : s;
  } catch {
    return describeValue(v);
  }
}
