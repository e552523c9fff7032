/**
 * The dry-run view's input and output: the batch text (a JSON array of raw items, or the request
 * body `{ "Items": [...] }`) read into items, and the warnings as list entries naming the item.
 */
import type { BatchWarning, RawItem } from 'catq/client';
import { h } from '../dom.js';

/** The items of the batch text, or what is wrong with it. */
export function readBatch(text: string): { items: RawItem[] } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problem: `The batch is not JSON: ${(e as Error).message}` };
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'Items' in value) value = (value as { Items: unknown }).Items;
  if (!Array.isArray(value)) return { problem: 'Write the batch as a JSON array of items, or as { "Items": [...] }.' };
  if (!value.length) return { problem: 'The batch is empty: write at least one item.' };
  const bad = value.findIndex((v) => v === null || typeof v !== 'object' || Array.isArray(v));
  if (bad >= 0) return { problem: `Item ${bad} is not a JSON object.` };
  return { items: value as RawItem[] };
}

/** The warnings as `<li>`s (or one saying the batch would be taken as it is). */
export function warningItems(warnings: readonly BatchWarning[], count: number): HTMLElement[] {
  if (!warnings.length) return [h('li', { class: 'sev-info' }, `No warning: the service would take the ${count} item(s) as they are.`)];
  return warnings.map((w) => h('li', { class: 'warning', 'data-index': w.index === undefined ? '' : String(w.index) }, h('span', { class: 'sev sev-warning' }, w.index === undefined ? 'batch' : `item ${w.index}`), ' ', w.message));
}
