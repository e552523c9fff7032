/**
 * The items of the sample that match the query (the reference evaluator, in the page), and the
 * explanation of one chosen item, clause by clause.
 */
import { compile, explain, formatClause, itemId, type Catalog, type Explanation, type Query } from 'catq';
import { h } from './dom.js';

/** How many matching items are listed (all are counted). */
export const LISTED = 50;

/** The items matching `query`. */
export function matchingItems(query: Query, catalog: Catalog, items: readonly unknown[]): unknown[] {
  const matches = compile(query, catalog);
  return items.filter((item) => matches(item));
}

const field = (item: unknown, key: string): unknown => (typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined);

/** A one-line summary of a raw item: id, title, brand, price. */
export function describeItem(item: unknown): string {
  const parts = [field(item, 'title'), field(item, 'brand'), field(item, 'price')].filter((v) => v !== undefined && v !== null);
  return parts.map((v) => String(v)).join(' · ');
}

/** The id of a raw item as text (the catalog's `Id` alias), or '' when it has none. */
export function idText(item: unknown, catalog: Catalog): string {
  const id = itemId(item, catalog);
  return id === undefined ? '' : String(id);
}

/** The list of matching items, each a button that selects the item for `explain`. */
export function renderItems(matches: readonly unknown[], catalog: Catalog): HTMLElement[] {
  return matches.slice(0, LISTED).map((item) => {
    const id = idText(item, catalog);
    return h('li', {}, h('button', { type: 'button', class: 'item', 'data-id': id }, h('code', {}, id), ' ', describeItem(item)));
  });
}

const shown = (v: unknown): string => (v === undefined ? '(missing)' : JSON.stringify(v));

/** The explanation of `item` as table rows: clause, outcome, the value seen. */
export function renderExplanation(query: Query, catalog: Catalog, item: unknown): { matched: boolean; rows: HTMLElement[] } {
  const e: Explanation = explain(query, catalog, item);
  const rows = e.clauses.map((c) =>
    h(
      'tr',
      { class: c.held ? 'held' : 'failed', 'data-outcome': c.outcome },
      h('td', {}, h('code', {}, formatClause(c.clause))),
      h('td', {}, c.held ? '✓ held' : `✗ ${c.outcome}`),
      h('td', {}, h('code', {}, `${c.rawKey} = ${shown(c.seen)}`)),
    ),
  );
  return { matched: e.matched, rows };
}
