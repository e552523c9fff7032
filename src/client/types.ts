/**
 * The request and response shapes of the catalog-management interface, field for field as its
 * specification states them (Catalog, Item, cursor pages, batch bodies, submission results).
 */
import type { Catalog } from '../catalog/index.js';

export type { Catalog };

export { ITEM_KINDS, type ItemKind } from '../listing/kinds.js';

/** An item id: a JSON string or number. */
export type ItemId = string | number;

/** How a page relates to its boundary item. */
export type Comparison = '>' | '>=' | '<' | '<=';

/** A catalog in its listed form (List Catalogs). */
export interface ListedCatalog {
  readonly Id: number;
  readonly Name: string;
  readonly Type: 'Product';
}

/** `{ Id, Name }` of a brand, merchant or product inside an item. */
export interface ItemRef {
  readonly Id?: ItemId;
  readonly Name?: string;
}

/** The category inside an item, with the ancestors forming its hierarchy. */
export interface ItemCategory extends ItemRef {
  readonly Categories?: readonly ItemId[];
}

/** A listed item of type `ItemFields` (a brand, category or merchant derived from product fields). */
export interface ListedFieldsItem {
  readonly Id: ItemId;
  readonly Type: 'ItemFields';
  readonly Uri: string;
}

/**
 * A listed catalog item (type `Primary` or `Referenced`). The specification requires `Name`;
 * it is optional here because a service builds it from the raw data, which may lack the name.
 */
export interface ListedCatalogItem {
  readonly Id: ItemId;
  readonly Name?: string;
  readonly Type: 'Primary' | 'Referenced';
  readonly Uri: string;
  readonly Brand?: ItemRef;
  readonly Category?: ItemCategory;
  readonly Image?: string;
  readonly Merchant?: ItemRef;
}

/** An item in the listed form (List Catalog Items), discriminated by `Type`. */
export type ListedItem = ListedFieldsItem | ListedCatalogItem;

/** A full item of type `ItemFields` (Get Catalog Item). */
export interface FieldsItem {
  readonly Id: ItemId;
  readonly Name: string;
  readonly Uri: string;
  readonly Type: 'ItemFields';
}

/** A full catalog item (Get Catalog Item), with its raw `Data`. */
export interface CatalogItem extends ListedCatalogItem {
  readonly Data: RawItem;
  readonly Product?: ItemRef;
}

/** An item in the full form (Get Catalog Item), discriminated by `Type`. */
export type Item = FieldsItem | CatalogItem;

/** Raw item data as sent in batch bodies: free-form keys (those the catalog's `Aliases` name). */
export interface RawItem {
  readonly [key: string]: unknown;
}

/** The Scope of a cursor page: the parameters of one page request (all optional). */
export interface Scope<Id = ItemId> {
  readonly comparison?: Comparison;
  readonly limit?: number;
  readonly order?: 'asc';
  readonly 'boundary-id'?: Id;
  /** Item lists only: the search query in effect (wire text), or `null`. */
  readonly q?: string | null;
}

/** The cursor pagination response of List Catalogs and List Catalog Items. */
export interface Page<T, Id = ItemId> {
  readonly Items: readonly T[];
  readonly Metadata: { readonly Scope: Scope<Id> };
  /** The parameters of the next page; absent when nothing follows. */
  readonly NextQuery?: Scope<Id>;
  /** The parameters of the previous page; absent when nothing precedes. */
  readonly PrevQuery?: Scope<Id>;
}

/** A page of List Catalog Items. */
export type ItemPage = Page<ListedItem>;

/** A page of List Catalogs. */
export type CatalogPage = Page<ListedCatalog, number>;

/** The body of the three batch operations. */
export interface BatchBody {
  readonly Items: readonly RawItem[];
}

/** A warning of a batch operation, as the interface sends it. */
export interface Warning {
  readonly message: string;
}

/** The submission result of a batch operation (`{}` when there is nothing to say). */
export interface JobSubmission {
  readonly Warnings?: readonly Warning[];
}

/** The interface's error body. */
export interface ErrorBody {
  readonly Errors: readonly { readonly message: string }[];
}

/** A warning of a batch helper, with the item's position in the caller's array. */
export interface BatchWarning {
  /**
   * Position of the item in the array given to the batch helper; absent only when the service's
   * message names no item position (a warning about the request as a whole).
   */
  readonly index?: number;
  readonly message: string;
}

/** What the batch helpers resolve to. */
export interface BatchResult {
  /** Every warning of every request, ordered by `index` (warnings without one last). */
  readonly warnings: readonly BatchWarning[];
}
