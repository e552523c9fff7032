import type { Catalog } from '../catalog/index.js';
import { argumentError, guard, guardAll, throwBadArgument } from '../diagnostics/index.js';
import { itemId, type ItemId } from './ids.js';

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
  /** Required by the interface: the raw name (at most 100 code points), or the id as text when there is none. */
  readonly Name: string;
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

/**
 * The own data property `key` of an object, or undefined: never an inherited value, never a
 * getter's (code that could throw), never a throw from a proxy.
 */
export function ownDataValue(item: unknown, key: string | undefined): unknown {
  if (typeof key !== 'string' || item === null || typeof item !== 'object') return undefined;
  try {
    // A key the item does not have costs no descriptor object (most optional keys).
    if (!hasOwn.call(item, key)) return undefined;
    const desc = Object.getOwnPropertyDescriptor(item, key);
    return desc && 'value' in desc ? desc.value : undefined;
  } catch {
    return undefined;
  }
}

/** A string with every lone surrogate replaced by U+FFFD, as the URL standard does. */
function wellFormed(s: string): string {
  // String.prototype.toWellFormed (ES2024) where the runtime has it: no regular expression per id.
  const native = (s as { toWellFormed?: () => string }).toWellFormed;
  if (typeof native === 'function') return native.call(s);
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * The `Uri` of an item: `itemdb://<NetworkId>/<TableId>/<Id>`, the id percent-encoded with
 * `encodeURIComponent` so that a `/` in a string id cannot add a path segment. A lone surrogate
 * (which UTF-8 cannot encode) is written as U+FFFD, `%EF%BF%BD`, as the URL standard does;
 * the listed `Id` keeps the id as it is.
 */
export function itemUri(id: ItemId, catalog: Catalog, options: ListedItemOptions = {}): string {
  try {
    if (typeof id !== 'string' && typeof id !== 'number') throwBadArgument('itemUri', 'id', 'an item id (a string or a number)', id, "Pass the item's id, the value of its Aliases.Id key.");
    if (typeof catalog !== 'object' || catalog === null) throwBadArgument('itemUri', 'catalog', 'a catalog object', catalog, 'Pass the catalog returned by loadCatalog(json).');
    if (options === null || typeof options !== 'object') throwBadArgument('itemUri', 'options', 'an object such as { networkId, tableId }', options, 'Leave it out for the defaults.');
    return uriPrefix(catalog, options) + encodeURIComponent(wellFormed(String(id)));
  } catch (e) {
    throw argumentError('itemUri', e);
  }
}

/** `itemdb://<NetworkId>/<TableId>/`. */
function uriPrefix(catalog: Catalog, options: ListedItemOptions): string {
  return `itemdb://${options.networkId ?? 0}/${options.tableId ?? catalog.Id}/`;
}

/** The interface's longest name: item, brand, category, merchant and product names are at most 100 characters. */
export const MAX_NAME_LENGTH = 100;

/** A name cut to its first `MAX_NAME_LENGTH` code points (never inside a surrogate pair). */
export function cutName(name: string): string {
  if (typeof name !== 'string') throwBadArgument('cutName', 'name', 'a string', name, "Pass the item's name.");
  if (name.length <= MAX_NAME_LENGTH) return name;
  const points = Array.from(name);
  return points.length <= MAX_NAME_LENGTH ? name : points.slice(0, MAX_NAME_LENGTH).join('');
}

/**
 * The listed form of a raw item, built through the catalog's `Aliases`: `Id`, `Name`, `Type`
 * (`Primary`), `Uri`, and `Brand`, `Category`, `Image`, `Merchant`. `Name` is always there, as
 * the interface requires: the raw name, or the id as text when the raw item has no string name.
 * Every name is cut to 100 code points (the interface's maximum). Another part is present only
 * when its raw key holds a value of the spec's type (ids: string or number; names and the image:
 * string; `Categories`: an array, keeping only its string and number elements); a group such as
 * `Brand` is present when at least one of its parts is. Returns `undefined` for an item without
 * an id (it is never listed).
 */
export function toListedItem(item: unknown, catalog: Catalog, options: ListedItemOptions = {}): ListedItem | undefined {
  return guardAll('toListedItem', () => listedReader(catalog, options)(item));
}

/**
 * {@link toListedItem} for many items of one catalog: the catalog's `Aliases` are read once
 * (a page of 100 items read them 1,200 times), and the reader builds each item's listed form.
 * The reader may throw only what `toListedItem` guards against; call it inside a guard.
 */
export function listedReader(catalog: Catalog, options: ListedItemOptions = {}): (item: unknown) => ListedItem | undefined {
  const a = catalog.Aliases;
  const nameKey = ownDataValue(a, 'Name') as string | undefined;
  const imageKey = ownDataValue(a, 'Image') as string | undefined;
  const brand = refKeys(ownDataValue(a, 'Brand'));
  const categoryGroup = ownDataValue(a, 'Category');
  const category = refKeys(categoryGroup);
  const categoriesKey = ownDataValue(categoryGroup, 'Categories') as string | undefined;
  const merchant = refKeys(ownDataValue(a, 'Merchant'));
  const uri = uriPrefix(catalog, options);
  return (item) => {
    const id = itemId(item, catalog);
    if (id === undefined) return undefined;
    const raw = item as object;
    const name = ownDataValue(raw, nameKey);
    const out: { -readonly [K in keyof ListedItem]: ListedItem[K] } = {
      Id: id,
      Type: 'Primary',
      Uri: uri + encodeURIComponent(wellFormed(String(id))),
      Name: typeof name === 'string' ? cutName(name) : String(id),
    };
    const b = ref(raw, brand);
    if (b) out.Brand = b;
    if (category) {
      // Built key by key: an object spread followed by another key is several times slower in V8.
      const r = ref(raw, category);
      const cats = ownDataValue(raw, categoriesKey);
      if (Array.isArray(cats)) {
        const cat: { -readonly [K in keyof ListedCategory]: ListedCategory[K] } = {};
        if (r?.Id !== undefined) cat.Id = r.Id;
        if (r?.Name !== undefined) cat.Name = r.Name;
        cat.Categories = idsOf(cats);
        out.Category = cat;
      } else if (r) out.Category = r;
    }
    const image = ownDataValue(raw, imageKey);
    if (typeof image === 'string') out.Image = image;
    const m = ref(raw, merchant);
    if (m) out.Merchant = m;
    return out;
  };
}

/**
 * The raw keys {@link toListedItem} reads, through the catalog's `Aliases` (`Id`, `Name`, and the
 * parts of `Brand`, `Category`, `Image`, `Merchant`), each once, in that order. A store that
 * returns only these keys of each raw item (a listing of items with long descriptions, say)
 * gets the same listed form.
 */
export function listedRawKeys(catalog: Catalog): string[] {
  return guardAll('listedRawKeys', () => {
    const a = catalog.Aliases;
    const keys: unknown[] = [ownDataValue(a, 'Id'), ownDataValue(a, 'Name')];
    for (const g of ['Brand', 'Category', 'Merchant'] as const) {
      const group = ownDataValue(a, g);
      keys.push(ownDataValue(group, 'Id'), ownDataValue(group, 'Name'));
      if (g === 'Category') keys.push(ownDataValue(group, 'Categories'));
    }
    keys.push(ownDataValue(a, 'Image'));
    return [...new Set(keys.filter((k): k is string => typeof k === 'string'))];
  });
}

/** A string or a finite number (a reference's id; only the item's own id must be non-empty). */
function isIdValue(v: unknown): v is ItemId {
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

/** The string and number elements of an array, read as own data properties (holes and getters skipped). */
function idsOf(list: readonly unknown[]): ItemId[] {
  const out: ItemId[] = [];
  try {
    for (const key of Object.keys(list)) {
      const v = ownDataValue(list, key);
      if (/^(0|[1-9][0-9]*)$/.test(key) && isIdValue(v)) out.push(v);
    }
  } catch {
    // a proxy whose traps throw: no categories can be read
  }
  return out;
}

/** The raw keys of an alias group (`Aliases.Brand`, ...), as far as they are own strings. */
interface ListedCategoryKeys {
  readonly Id?: string;
  readonly Name?: string;
  readonly Categories?: string;
}

/** The raw keys of an alias group, read once; undefined when the catalog has no such group. */
function refKeys(group: unknown): ListedCategoryKeys | undefined {
  if (group === undefined) return undefined;
  const keys: { Id?: string; Name?: string } = {};
  const id = ownDataValue(group, 'Id');
  const name = ownDataValue(group, 'Name');
  if (typeof id === 'string') keys.Id = id;
  if (typeof name === 'string') keys.Name = name;
  return keys;
}

function ref(raw: object, keys: ListedCategoryKeys | undefined): ListedRef | undefined {
  if (!keys) return undefined;
  const out: { Id?: ItemId; Name?: string } = {};
  const id = ownDataValue(raw, keys.Id);
  if (isIdValue(id)) out.Id = id;
  const name = ownDataValue(raw, keys.Name);
  if (typeof name === 'string') out.Name = cutName(name);
  return out.Id !== undefined || out.Name !== undefined ? out : undefined;
}

/**
 * What the listed form of a catalog's items depends on besides the item: the catalog's `Id`
 * (the default `Uri` table) and the raw keys each part reads. Equal signatures, equal listed
 * forms: a store that keeps each item's listed form (the search layout's listed column) names it
 * by this, so that new `Aliases` make a new column.
 */
export function listedFormSignature(catalog: Catalog): string {
  return guard('listedFormSignature', () => {
    const a = catalog.Aliases;
    const group = (g: string): unknown => {
      const v = ownDataValue(a, g);
      return v === undefined ? null : [ownDataValue(v, 'Id') ?? null, ownDataValue(v, 'Name') ?? null, ownDataValue(v, 'Categories') ?? null];
    };
    const parts = [catalog.Id, ownDataValue(a, 'Id') ?? null, ownDataValue(a, 'Name') ?? null, group('Brand'), group('Category'), group('Merchant'), ownDataValue(a, 'Image') ?? null];
    return JSON.stringify(parts.map((p) => (typeof p === 'function' || typeof p === 'symbol' || typeof p === 'bigint' ? String(p) : p)));
  });
}

/** The `Uri` of a listed form up to the id: `itemdb://<NetworkId>/<TableId>/`. */
export function listedUriPrefix(catalog: Catalog, options: ListedItemOptions = {}): string {
  return uriPrefix(catalog, options);
}

/**
 * A listed form's JSON text (as `JSON.stringify` writes {@link toListedItem}'s result) with the
 * `Uri` prefix `from` turned into `to`: the form of other `Uri` numbers; undefined when the text
 * is not a listed form of the prefix `from`. The text starts with
 * `{"Id":<id>,"Type":"Primary","Uri":"<from>`; the id's JSON cannot hold `,"Type":"` (a quote
 * inside a JSON string is escaped), so the first such place is the one.
 */
export function withUriPrefix(text: string, from: string, to: string): string | undefined {
  const mark = `,"Type":"Primary","Uri":"${from}`;
  const at = text.startsWith('{"Id":') ? text.indexOf(mark) : -1;
  if (at < 0) return undefined;
  return from === to ? text : `${text.slice(0, at)},"Type":"Primary","Uri":"${to}${text.slice(at + mark.length)}`;
}
