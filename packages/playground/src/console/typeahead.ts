/**
 * Values for attributes marked `Typeahead` in the catalog's `UIConfiguration`: the first live
 * items of the kind, read in full (Get Catalog Item: the listed form has no raw data), cut down
 * to those attributes' raw keys. Completion proposes the values seen there (catq/codemirror's
 * `items`); attributes with `AllowedValues` keep their list.
 */
import type { CatalogClient, ItemKind } from 'catq/client';

/** How many items are read for the sample. */
export const SAMPLE_SIZE = 25;

export async function typeaheadSample(client: CatalogClient, catalogId: number, kind: ItemKind, keys: readonly string[], size = SAMPLE_SIZE): Promise<Record<string, unknown>[]> {
  try {
    const first = await client.listItemPages(catalogId, kind, { limit: size }).next();
    const ids = first.done ? [] : first.value.Items.map((i) => i.Id);
    const out: Record<string, unknown>[] = [];
    // Four at a time: a console should not flood the service it inspects.
    for (let i = 0; i < ids.length; i += 4) {
      const items = await Promise.all(ids.slice(i, i + 4).map((id) => client.getItem(catalogId, kind, id)));
      for (const item of items) {
        if (!('Data' in item)) continue;
        const data = item.Data as Record<string, unknown>;
        out.push(Object.fromEntries(keys.filter((k) => Object.prototype.hasOwnProperty.call(data, k)).map((k) => [k, data[k]])));
      }
    }
    return out;
  } catch (e) {
    console.warn('catq console: no Typeahead values:', e);
    return []; // completion without sample values
  }
}
