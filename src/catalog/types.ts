/**
 * The catalog model of the catalog-management interface, field for field as the interface
 * specification defines it (`Catalog`, `Aliases`, `SearchableAttribute`, `UIConfiguration`,
 * `CatalogConfiguration`). Use `loadCatalog` to check an untrusted object against it.
 */

// The attribute types live with the operator table (the lowest stage), which says which operators
// each type allows; the catalog model re-exports them.
export { ATTRIBUTE_TYPES, type AttributeType } from '../operators/attribute-types.js';

/** Whether an item holds one value or an array of values of the type. */
export type Cardinality = 'One' | 'Many';

/** A searchable attribute whose values are ids in another catalog or table. */
export interface ReferencedAttribute {
  readonly Attribute: string;
  readonly ReferenceId: number;
  readonly Type: 'Referenced';
  readonly Cardinality: Cardinality;
}

/** A full-text attribute (the only type `matches` and `matches-phrase` apply to). */
export interface TextAttribute {
  readonly Attribute: string;
  readonly Type: 'Text';
  readonly Cardinality: 'One';
}

/** Any other searchable attribute. */
export interface GeneralAttribute {
  readonly Attribute: string;
  readonly Type: 'Array' | 'Boolean' | 'Number' | 'Object' | 'String';
  readonly Cardinality: Cardinality;
}

/** One of the three shapes of searchable attribute. */
export type SearchableAttribute = ReferencedAttribute | TextAttribute | GeneralAttribute;

/** Raw keys for an id and a name. */
export interface IdNameAliases {
  readonly Id: string;
  readonly Name: string;
}

/** Raw keys for category id, name and the array of ancestor categories. */
export interface CategoryAliases extends IdNameAliases {
  readonly Categories: string;
}

/** Maps the standard keys to the keys used in the raw item data. */
export interface Aliases {
  readonly Id: string;
  readonly Name?: string;
  readonly Image?: string;
  readonly Brand?: IdNameAliases;
  readonly Category?: CategoryAliases;
  readonly Merchant?: IdNameAliases;
  readonly Product?: IdNameAliases;
}

/** How one of brands, categories or merchants is sourced. */
export type SourceConfiguration =
  | { readonly Source: 'ItemFields' }
  | { readonly Source: 'Referenced'; readonly ReferenceId: number };

/** Read-only information on how brands, categories and merchants are set up. */
export interface CatalogConfiguration {
  readonly Categories?: SourceConfiguration;
  readonly Brands?: SourceConfiguration;
  readonly Merchants?: SourceConfiguration;
}

/** How an item parameter is presented in a GUI. */
export interface UIConfiguration {
  readonly Key?: string;
  readonly AllowedValues?: readonly number[] | readonly string[];
  readonly AncestorsKey?: string;
  readonly DisplayColumn?: boolean;
  readonly DisplayFilter?: boolean;
  readonly FilterByOne?: boolean;
  readonly FilterByRange?: boolean;
  readonly HideReferenceIds?: boolean;
  readonly Label?: string;
  readonly Order?: number;
  readonly Typeahead?: boolean;
}

/** A catalog in its full form (Get Catalog). */
export interface Catalog {
  readonly Id: number;
  readonly Name: string;
  readonly Type: 'Product';
  readonly Aliases: Aliases;
  readonly SearchableAttributes?: readonly SearchableAttribute[];
  readonly UIConfiguration?: readonly UIConfiguration[];
  readonly Configuration?: CatalogConfiguration;
}

/** The standard alias paths a query field may use, resolved through `Aliases`. */
export const ALIAS_PATHS = [
  'Id',
  'Name',
  'Image',
  'Brand.Id',
  'Brand.Name',
  'Category.Id',
  'Category.Name',
  'Category.Categories',
  'Merchant.Id',
  'Merchant.Name',
  'Product.Id',
  'Product.Name',
] as const;

/** One standard alias path. */
export type AliasPath = (typeof ALIAS_PATHS)[number];
