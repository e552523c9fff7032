import type { Catalog } from '../catalog/index.js';
import { itemId, isItemId, type ItemId } from './ids.js';

/** `{ Id, Name }` of a brand, merchant or product in the listed form; each part only when the raw data has it. */
export interface ListedRef {
  readonly Id?: ItemId;
  readonly Name?: string;
}

/** The category of an item in the listed form. */
export interface ListedCategory extends ListedRef {
  readonly Categories?: readonly ItemId[];
}

/** An item in the listed form of the interface (type `Primary`). */
export interface ListedItem {
  readonly Id: ItemId;
  readonly Name?: string;
  readonly Type: 'Primary';
  readonly Uri: string;
  readonly Brand?: ListedRef;
  readonly Category?: ListedCategory;
  readonly Image?: string;
  readonly Merchant?: ListedRef;
}

/** Where listed items live: the two numbers of `itemdb://<NetworkId>/<TableId>/<Id>`. */
export interface ListedItemOptions {
  /** Default 0. */
  readonly networkId?: number;
  /** Default: the catalog's `Id`. */
  readonly tableId?: number;
}

const hasOwn = Object.prototype.hasOwnProperty;

function own(item: object, key: string | undefined): unknown {
  return key !== undefined && hasOwn.call(item, key) ? (item as Record<string, unknown>)[key] : undefined;
}

/**
 * The `Uri` of an item: `itemdb://<NetworkId>/<TableId>/<Id>`, the id percent-encoded with
 * `encodeURIComponent` so that a `/` in a string id cannot add a path segment.
 */
export function itemUri(id: ItemId, catalog: Catalog, options: ListedItemOptions = {}): string {
  const network = options.networkId ?? 0;
  const table = options.tableId ?? catalog.Id;
  return `itemdb://${network}/${table}/${encodeURIComponent(String(id))}`;
}

/**
 * The listed form of a raw item, built through the catalog's `Aliases`: `Id`, `Name`, `Type`
 * (`Primary`), `Uri`, and `Brand`, `Category`, `Image`, `Merchant`. A part is present only when
 * its raw key holds a value of the spec's type (ids: string or number; names and the image:
 * string; `Categories`: an array, keeping only its string and number elements); a group such as
 * `Brand` is present when at least one of its parts is. Returns `undefined` for an item without
 * an id (it is never listed).
 */
export function toListedItem(item: unknown, catalog: Catalog, options: ListedItemOptions = {}): ListedItem | undefined {
  const id = itemId(item, catalog);
  if (id === undefined) return undefined;
  const raw = item as object;
  const a = catalog.Aliases;
  const out: { -readonly [K in keyof ListedItem]: ListedItem[K] } = { Id: id, Type: 'Primary', Uri: itemUri(id, catalog, options) };
  const name = own(raw, a.Name);
  if (typeof name === 'string') out.Name = name;
  const brand = ref(raw, a.Brand);
  if (brand) out.Brand = brand;
  if (a.Category) {
    const cat: { -readonly [K in keyof ListedCategory]: ListedCategory[K] } = { ...ref(raw, a.Category) };
    const cats = own(raw, a.Category.Categories);
    if (Array.isArray(cats)) cat.Categories = cats.filter(isItemId);
    if (Object.keys(cat).length) out.Category = cat;
  }
  const image = own(raw, a.Image);
  if (typeof image === 'string') out.Image = image;
  const merchant = ref(raw, a.Merchant);
  if (merchant) out.Merchant = merchant;
  return out;
}

function ref(raw: object, keys: { readonly Id: string; readonly Name: string } | undefined): ListedRef | undefined {
  if (!keys) return undefined;
  const out: { Id?: ItemId; Name?: string } = {};
  const id = own(raw, keys.Id);
  if (isItemId(id)) out.Id = id;
  const name = own(raw, keys.Name);
  if (typeof name === 'string') out.Name = name;
  return out.Id !== undefined || out.Name !== undefined ? out : undefined;
}
