import { isQuery, query as trustedQuery, type Clause, type JsonArray, type Query } from '../ast/index.js';
import { loadCatalog, type Catalog } from '../catalog/index.js';
import { validate } from '../check/index.js';
import { argumentError, guardAll, previewValue, QueryError, throwBadArgument, type Diagnostic, type QueryChange } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { format } from '../syntax/index.js';
import { clause as checkedClause, encode, toWire, type DecodeLimits } from '../wire/index.js';
import type { FieldOf, OperatorOf, ValueOf } from './catalog-types.js';
import { builderLimits, type QueryBuilderOptions } from './options.js';

/** `toQ()` of the empty query, and the separator of clauses in it. */
const EMPTY_Q = encodeURIComponent('[]');
const ENCODED_COMMA = encodeURIComponent(',');

/** The mark of a QueryBuilder, shared by every copy of catq through the global symbol registry. */
const BRAND: unique symbol = Symbol.for('catq.QueryBuilder') as never;

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
  /**
   * `instanceof QueryBuilder` also recognises builders made by another copy of catq (each entry,
   * `catq/builder`, `catq/client`..., is bundled on its own), as `QueryError` does.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    try {
      return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
    } catch {
      return false; // a revoked Proxy, or one whose get trap throws
    }
  }

  /** @internal The mark {@link isQueryBuilder} looks for. */
  get [BRAND](): true {
    return true;
  }

  readonly #catalog: Catalog;
  readonly #clauses: readonly Clause[];
  readonly #limits: DecodeLimits;
  /** The length of `toQ()`, kept as clauses are added (checked against `limits.maxLength`). */
  readonly #qLength: number;

  private constructor(catalog: Catalog, clauses: readonly Clause[], limits: DecodeLimits, qLength: number) {
    this.#catalog = catalog;
    this.#clauses = clauses;
    this.#limits = limits;
    this.#qLength = qLength;
  }

  /** @internal Use {@link queryBuilder}. */
  static create<C extends Catalog>(catalog: C, options?: QueryBuilderOptions): QueryBuilder<C> {
    const limits = builderLimits(options);
    const { catalog: loaded, diagnostics } = loadCatalog(catalog);
    if (!loaded) throw new QueryError(diagnostics, 'queryBuilder() needs a valid catalog');
    return new QueryBuilder<C>(loaded, Object.freeze([]), limits, EMPTY_Q.length);
  }

  /**
   * A new builder with one more clause (clauses are combined with AND). The value is copied;
   * the caller's arrays stay theirs, unfrozen.
   *
   * @throws QueryError when the field is not the catalog's, the operator is unknown or not allowed
   *   on the field's type, or the value does not suit them (paths point at the clause's index).
   */
  where<const F extends FieldOf<C>, const O extends OperatorOf<C, F>>(field: F, operator: O, value: ValueOf<C, F, O>): QueryBuilder<C> {
    const next = this.#check(field, operator, value, this.#clauses.length, this.#qLength);
    if ('problems' in next) throw new QueryError(next.problems, `where(${show(field)}, ${show(operator)}, ${show(value)}) cannot add this clause${next.hint}`);
    return new QueryBuilder<C>(this.#catalog, Object.freeze([...this.#clauses, next.clause]), this.#limits, next.qLength);
  }

  /**
   * A new builder with every clause of `other` (a Query from `decode` or `parse`, or another
   * builder: anything with a `toQuery()`) added after this one's, each checked as `where` checks it: to narrow a query that
   * came from elsewhere, `queryBuilder(catalog).and(decode(q).query).where(...)`.
   *
   * @throws QueryError listing every clause of `other` that is not valid here, at the index it
   *   would have had.
   */
  and(other: Query | { toQuery(): Query }): QueryBuilder<C> {
    return guardAll('and', () => this.#and(other));
  }

  #and(other: Query | { toQuery(): Query }): QueryBuilder<C> {
    const q: unknown = typeof (other as { toQuery?: unknown } | null)?.toQuery === 'function' ? (other as { toQuery(): Query }).toQuery() : other;
    if (!isQuery(q)) throwBadArgument('and', 'other', 'a Query or a QueryBuilder', other, 'Pass decode(q).query, parse(text).query or another builder.');
    const clauses = [...this.#clauses];
    const problems: Diagnostic[] = [];
    let qLength = this.#qLength;
    let hint = '';
    const theirs = q.clauses as readonly unknown[];
    const total = this.#clauses.length + theirs.length;
    if (total > this.#limits.maxClauses) {
      // Refused before any clause is read: a hand-built `clauses.length = 2 ** 32 - 1` costs nothing.
      const over = diagnostic('wire/too-many-clauses', { count: total, limit: this.#limits.maxClauses }, { path: '' });
      throw new QueryError([over], "and() cannot add these clauses (raise queryBuilder's limits option if the service allows more)");
    }
    for (let k = 0; k < theirs.length; k++) {
      const c = theirs[k];
      const o = (typeof c === 'object' && c !== null ? c : {}) as Partial<Clause>;
      const next = this.#check(o.field, o.operator, o.value, this.#clauses.length + k, qLength);
      if ('problems' in next) {
        problems.push(...next.problems);
        hint ||= next.hint;
        continue;
      }
      clauses.push(next.clause);
      qLength = next.qLength;
    }
    if (problems.length) throw new QueryError(problems, `and() cannot add these clauses${hint}`);
    return new QueryBuilder<C>(this.#catalog, Object.freeze(clauses), this.#limits, qLength);
  }

  /**
   * Checks one clause to be added at `index` when `toQ()` is `qLength` long: copied and checked
   * by `clause()`, then by `validate` against the catalog, then against the limits.
   */
  #check(field: unknown, operator: unknown, value: unknown, index: number, qLength: number): { clause: Clause; qLength: number } | { problems: Diagnostic[]; hint: string } {
    let c: Clause;
    try {
      c = checkedClause(operator as never, field as never, value as never);
    } catch (e) {
      if (!(e instanceof QueryError)) throw e;
      // Paths of clause() point into the clause's own wire form: prefix the clause's index.
      return { problems: e.diagnostics.map((d) => (d.path === undefined ? d : { ...d, path: `/${index}${d.path}` })), hint: '' };
    }
    const errors = validate(trustedQuery([c]), this.#catalog).filter((d) => d.severity === 'error');
    if (errors.length) return { problems: errors.map((d) => reindex(d, index)), hint: '' };
    // Within the limits a service's decode applies, so that it accepts toQ().
    const limits = this.#limits;
    const length = qLength + (encode(trustedQuery([c])).length - EMPTY_Q.length) + (index > 0 ? ENCODED_COMMA.length : 0);
    const over: Diagnostic[] = [];
    if (index + 1 > limits.maxClauses) over.push(diagnostic('wire/too-many-clauses', { count: index + 1, limit: limits.maxClauses }, { path: `/${index}` }));
    if (Array.isArray(c.value) && c.value.length > limits.maxListLength) {
      over.push(diagnostic('wire/list-too-long', { count: c.value.length, limit: limits.maxListLength }, { path: `/${index}/1` }));
    }
    if (length > limits.maxLength) over.push(diagnostic('wire/too-long', { length, limit: limits.maxLength }, { path: `/${index}` }));
    if (over.length) return { problems: over, hint: " (raise queryBuilder's limits option if the service allows more)" };
    return { clause: c, qLength: length };
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

  /** The query's wire array (docs/wire.md): `[["brand","Acme"],[["<","price"],20]]`. */
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

/** Whether `value` is a {@link QueryBuilder} (from any copy of catq). */
export function isQueryBuilder(value: unknown): value is QueryBuilder {
  return value instanceof QueryBuilder;
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
 * checks at run time. The built query also stays within `options.limits` (default: the limits
 * `decode` applies), so that a service reading `q` with catq accepts `toQ()`. The catalog is checked and copied once, here; the caller's object is
 * neither frozen nor kept.
 *
 * @throws QueryError when `catalog` is not a valid catalog (the diagnostics of `loadCatalog`) or
 *   an option is wrong.
 */
export function queryBuilder<const C extends Catalog>(catalog: C, options?: QueryBuilderOptions): QueryBuilder<C> {
  try {
    return QueryBuilder.create(catalog, options);
  } catch (e) {
    throw argumentError('queryBuilder', e);
  }
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
  // Bounded whatever the argument holds (a sparse array of length 2 ** 32 - 1, a cycle, a proxy).
  return previewValue(v, 40);
}
