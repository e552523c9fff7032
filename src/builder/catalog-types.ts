/**
 * What a catalog allows, computed by the type checker from a catalog declared as a constant:
 * the fields a query may name (declared attributes, then the alias paths that resolve to one),
 * the operators allowed on each field's type, and the values each operator takes there. A
 * catalog typed only as `Catalog` (loaded from JSON at run time) allows any field, operator and
 * JSON value at compile time; the run-time checks of the builder apply either way.
 * @module
 */
import type { JsonValue, Operator } from '../ast/index.js';
import type { AliasPath, AttributeType, Catalog } from '../catalog/index.js';
import type { OPERATORS_BY_TYPE } from './operators-by-type.js';

/** The searchable attributes of `C`, as a union of their declarations (never when it declares none). */
export type AttributeOf<C extends Catalog> = C extends { readonly SearchableAttributes?: infer A }
  ? NonNullable<A> extends readonly (infer E)[]
    ? E
    : never
  : never;

/** The names of the attributes `C` declares. */
export type DeclaredField<C extends Catalog> = AttributeOf<C>['Attribute'];

/** Whether `C` is a catalog whose attribute names are only known at run time (typed `Catalog` or `any`). */
export type IsRuntimeCatalog<C extends Catalog> = 0 extends 1 & C ? true : string extends DeclaredField<C> ? true : false;

/** The raw key an alias path names in `C`'s `Aliases` (never when the catalog leaves it out). */
export type AliasTarget<C extends Catalog, P extends AliasPath> = Extract<
  P extends `${infer G}.${infer K}`
    ? G extends keyof C['Aliases']
      ? K extends keyof NonNullable<C['Aliases'][G]>
        ? NonNullable<C['Aliases'][G]>[K]
        : never
      : never
    : P extends keyof C['Aliases']
      ? C['Aliases'][P]
      : never,
  string
>;

/**
 * The alias paths usable as fields of `C`: defined in `Aliases`, with a raw key that is a declared
 * attribute, and not themselves declared (a declared attribute wins over the alias path).
 */
export type AliasField<C extends Catalog> = AliasPath extends infer P
  ? P extends AliasPath
    ? P extends DeclaredField<C>
      ? never
      : [AliasTarget<C, P>] extends [never]
        ? never
        : AliasTarget<C, P> extends DeclaredField<C>
          ? P
          : never
    : never
  : never;

/** Every field a query on `C` may name; `string` for a catalog only known at run time. */
export type FieldOf<C extends Catalog> = IsRuntimeCatalog<C> extends true ? string : DeclaredField<C> | AliasField<C>;

/** The declared type of a field of `C` (through its alias path when it is one). */
export type TypeOf<C extends Catalog, F extends string> = IsRuntimeCatalog<C> extends true
  ? AttributeType
  : F extends DeclaredField<C>
    ? Extract<AttributeOf<C>, { readonly Attribute: F }>['Type']
    : F extends AliasPath
      ? Extract<AttributeOf<C>, { readonly Attribute: AliasTarget<C, F> }>['Type']
      : never;

/** The operators allowed on an attribute type (docs/semantics.md, "Operators"). */
export type OperatorFor<T extends AttributeType> = T extends AttributeType ? (typeof OPERATORS_BY_TYPE)[T][number] : never;

/** The operators allowed on a field of `C`. */
export type OperatorOf<C extends Catalog, F extends string> = IsRuntimeCatalog<C> extends true ? Operator : OperatorFor<TypeOf<C, F>>;

/** One value of an attribute type, as `=` and the candidates of `one-of` take it. */
export type ScalarOf<T extends AttributeType> = T extends 'Number'
  ? number
  : T extends 'String' | 'Text'
    ? string
    : T extends 'Boolean'
      ? boolean
      : T extends 'Referenced'
        ? string | number
        : T extends 'Array'
          ? string | number | boolean
          : never;

/** A non-empty list, as `one-of` takes its candidates. */
export type NonEmpty<V> = readonly [V, ...V[]];

/** The value operator `O` takes on an attribute of type `T`. */
export type ValueFor<T extends AttributeType, O extends Operator> = O extends '='
  ? ScalarOf<T>
  : O extends '<' | '<=' | '>' | '>='
    ? T extends 'Number'
      ? number
      : T extends 'String' | 'Text'
        ? string
        : never
    : O extends 'one-of'
      ? NonEmpty<ScalarOf<T>>
      : O extends 'present?'
        ? boolean
        : O extends 'matches' | 'matches-phrase'
          ? string
          : never;

/** The value operator `O` takes on field `F` of `C`; any JSON value for a run-time catalog. */
export type ValueOf<C extends Catalog, F extends string, O extends Operator> = IsRuntimeCatalog<C> extends true ? JsonValue : ValueFor<TypeOf<C, F>, O>;
