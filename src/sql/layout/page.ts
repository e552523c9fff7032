import { argumentError, guard, isQueryError, throwBadArgument } from '../../diagnostics/index.js';
import type { ItemId } from '../../listing/index.js';
import { listedUriPrefix, withUriPrefix, type ListedItem, type ListedItemOptions } from '../../listing/listed-item.js';
import { listedPage, listedPageJson, type ListPage, type PageSides } from '../../listing/page.js';
import type { LayoutListing } from './listing.js';

type Row = Readonly<Record<string, unknown>>;

/** The page's listed forms as JSON text (with the requested `Uri` numbers), and its sides. */
function pageTexts(name: string, list: LayoutListing, rows: readonly Row[], otherSide: boolean, options: ListedItemOptions): { texts: string[]; sides: PageSides } {
  if (!Array.isArray(rows)) throwBadArgument(name, 'rows', 'the array of rows list.sql (or list.rest) returned', rows, 'Pass the rows as the driver returned them.');
  const more = rows.length > list.limit;
  const kept = !more ? rows : list.scan === 'asc' ? rows.slice(0, list.limit) : rows.slice(rows.length - list.limit);
  const catalog = list.catalog;
  const from = listedUriPrefix(catalog);
  const to = listedUriPrefix(catalog, options);
  const texts: string[] = [];
  for (let i = 0; i < kept.length; i++) {
    let t: string | undefined;
    try {
      t = list.listedOf(kept[i] as Row);
    } catch (e) {
      if (isQueryError(e)) throw e; // listedFilled given for a table that is not filled: its own diagnostic
      t = undefined; // a column that is not JSON: reported below
    }
    // Every statement selects items with an id only, and their listed forms: a row without one
    // is not one of its rows (and its text must not be spliced into the page).
    const moved = t === undefined ? undefined : withUriPrefix(t, from, to);
    if (moved === undefined) throwBadArgument(name, `rows[${i}]`, 'a row of list.sql or list.rest (an item with an id and its listed form)', kept[i], 'Pass the rows of the listing statements as they were returned.');
    texts.push(moved);
  }
  const other = list.listing.boundary !== undefined && otherSide;
  return { texts, sides: list.scan === 'asc' ? { before: other, after: more } : { before: more, after: other } };
}

/**
 * The List Catalog Items response of a layout listing ({@link layoutListSql}) from the rows its
 * statements returned (`sql`'s, or `rest`'s when `sql` returned `limit` rows or fewer), in their
 * order, and the boolean of `otherSide` (ignored without a boundary). The counterpart of
 * `sqlPage` that takes the rows themselves: with `listedOnly`, each item is the search table's
 * listed form, parsed, not built again from raw keys.
 */
export function layoutPage(list: LayoutListing, rows: readonly Row[], otherSide: boolean, options: ListedItemOptions = {}): ListPage {
  try {
    return guard('layoutPage', () => {
      const { texts, sides } = pageTexts('layoutPage', list, rows, otherSide, options);
      return listedPage(list.listing, texts.map((t) => JSON.parse(t) as ListedItem), sides);
    });
  } catch (e) {
    throw argumentError('layoutPage', e);
  }
}

/**
 * {@link layoutPage} as the JSON text `JSON.stringify` would write of it, made without building
 * the page: the listed forms' texts are spliced into it as the search table holds them. What a
 * service sends as the body of a List Catalog Items response.
 */
export function layoutPageJson(list: LayoutListing, rows: readonly Row[], otherSide: boolean, options: ListedItemOptions = {}): string {
  try {
    return guard('layoutPageJson', () => {
      const { texts, sides } = pageTexts('layoutPageJson', list, rows, otherSide, options);
      const idOf = (t: string | undefined): ItemId | undefined => (t === undefined ? undefined : (JSON.parse(t) as ListedItem).Id);
      return listedPageJson(list.listing, texts, idOf(texts[0]), idOf(texts[texts.length - 1]), sides);
    });
  } catch (e) {
    throw argumentError('layoutPageJson', e);
  }
}
