import { testedValues } from '../../check/index.js';
import { itemId } from '../../listing/index.js';
import { listedReader, type ListedItem } from '../../listing/listed-item.js';
import { compareCodePoints } from '../../text/index.js';
import type { LayoutAttribute, SearchLayout } from './plan.js';
import { pgHolds, stringKey } from './safe-text.js';
import { textLayout } from './text-terms.js';

/**
 * The layout row of one item: column name to value, JSON-ready (numbers as their `String()`,
 * so `Infinity` travels too; arrays as JSON arrays). Columns of the id: `id_kind`, `id_num`,
 * `id_str`; then every column of every attribute.
 */
export type LayoutRow = Record<string, string | boolean | null | readonly (string | boolean)[]>;

/** A value of an item that PostgreSQL cannot hold (the item is then not written at all). */
export interface LayoutProblem {
  /** The raw key (attribute name, or the id's raw key). */
  readonly field: string;
  readonly reason: string;
}

/** The result of {@link layoutRow}. */
export type LayoutRowResult = { readonly ok: true; readonly row: LayoutRow } | { readonly ok: false; readonly problems: readonly LayoutProblem[] };

const hasOwn = Object.prototype.hasOwnProperty;
const UNHOLDABLE = 'a string holds U+0000 or a lone surrogate, which PostgreSQL text cannot hold';

/** The own value at `key`, as the evaluator reads it (undefined when missing or the item has no keys). */
function readOwn(item: unknown, key: string): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  return hasOwn.call(item, key) ? (item as Record<string, unknown>)[key] : undefined;
}

const num = (n: number): string => String(n === 0 ? 0 : n);
const isNum = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
const least = (xs: readonly number[]): number => xs.reduce((a, b) => (b < a ? b : a));
const greatest = (xs: readonly number[]): number => xs.reduce((a, b) => (b > a ? b : a));

function distinct<T>(xs: Iterable<T>): T[] {
  return [...new Set(xs)];
}

/**
 * The columns of a Cardinality One attribute (shape `one`: the tested value is the value itself),
 * written without the element lists of the general case below: most attributes of most items
 * take this path, once per write.
 */
function layOne(a: LayoutAttribute, v: unknown, termBytes: number, row: LayoutRow): string | undefined {
  const c = a.columns;
  switch (a.attribute.Type) {
    case 'Number':
      if (c.num !== undefined) row[c.num] = isNum(v) ? num(v) : null;
      return undefined;
    case 'Boolean':
      if (c.bool !== undefined) row[c.bool] = typeof v === 'boolean' ? v : null;
      return undefined;
    case 'Referenced': {
      // Referenced values compare by canonical text: a string, or a finite number's String().
      const s = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
      if (s !== null && !pgHolds(s)) return UNHOLDABLE;
      if (c.str !== undefined) row[c.str] = s;
      return undefined;
    }
    case 'String':
    case 'Text': {
      const s = typeof v === 'string' ? v : null;
      if (s !== null && !pgHolds(s)) return UNHOLDABLE;
      if (c.str !== undefined) row[c.str] = s;
      if (c.terms !== undefined) {
        const t = s === null ? undefined : textLayout(s, termBytes);
        row[c.terms] = t ? t.terms : null;
        if (c.tokens !== undefined) row[c.tokens] = t ? t.tokens : null;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Writes the columns of one attribute into `row`; returns a problem when a string cannot be held. */
function layAttribute(a: LayoutAttribute, item: unknown, prefix: number, termBytes: number, row: LayoutRow): string | undefined {
  const raw = readOwn(item, a.rawKey);
  const c = a.columns;
  if (c.present !== undefined) row[c.present] = raw !== undefined && raw !== null;
  if (a.shape === 'one') return layOne(a, raw, termBytes, row);
  const set = (col: string | undefined, v: LayoutRow[string]) => {
    if (col !== undefined) row[col] = v;
  };
  const vals = testedValues(a.shape, raw);
  const type = a.attribute.Type;
  const numbers = distinct(vals.filter(isNum).map((n) => (n === 0 ? 0 : n)));
  // Referenced values compare by canonical text: a string, or a finite number's String().
  const strings = distinct(
    type === 'Referenced'
      ? vals.flatMap((v) => (typeof v === 'string' ? [v] : typeof v === 'number' && Number.isFinite(v) ? [String(v)] : []))
      : vals.filter((v): v is string => typeof v === 'string'),
  );
  const booleans = distinct(vals.filter((v): v is boolean => typeof v === 'boolean'));
  if (type !== 'Number' && type !== 'Boolean' && type !== 'Object' && !strings.every(pgHolds)) return UNHOLDABLE;

  set(c.num, numbers.length ? num(numbers[0] as number) : null);
  set(c.nums, numbers.length ? numbers.map(num) : null);
  set(c['num-lo'], numbers.length ? num(least(numbers)) : null);
  set(c['num-hi'], numbers.length ? num(greatest(numbers)) : null);
  set(c.bool, booleans.length ? (booleans[0] as boolean) : null);
  set(c.bools, booleans.length ? booleans : null);
  if (c.str !== undefined) row[c.str] = strings.length ? (strings[0] as string) : null;
  if (c['str-keys'] !== undefined) {
    const keys = strings.map((s) => stringKey(s, prefix));
    row[c['str-keys']] = strings.length ? distinct(keys.map((k) => k.key)) : null;
    const long = strings.filter((_, i) => keys[i]?.cut);
    set(c['str-long'], long.length ? long : null);
    const sorted = [...strings].sort(compareCodePoints);
    set(c['str-lo'], sorted.length ? (sorted[0] as string) : null);
    set(c['str-hi'], sorted.length ? (sorted[sorted.length - 1] as string) : null);
  }
  if (c['elem-keys'] !== undefined) {
    const keys: string[] = [];
    const long: string[] = [];
    for (const s of strings) {
      const k = stringKey(s, prefix);
      keys.push('s:' + k.key);
      if (k.cut) long.push('s:' + s);
    }
    for (const n of numbers) keys.push('n:' + num(n));
    for (const b of booleans) keys.push('b:' + String(b));
    row[c['elem-keys']] = keys.length ? distinct(keys) : null;
    set(c['elem-long'], long.length ? long : null);
  }
  if (c.terms !== undefined) {
    const t = strings.length ? textLayout(strings[0] as string, termBytes) : undefined;
    row[c.terms] = t ? t.terms : null;
    set(c.tokens, t ? t.tokens : null);
  }
  return undefined;
}

/** The listed-form reader of each layout (the catalog's `Aliases` read once, not once per row). */
const readers = new WeakMap<SearchLayout, (item: unknown) => ListedItem | undefined>();

/** `listedReader` of the layout's catalog (default `Uri` numbers), made once per layout. */
export function layoutListedReader(layout: SearchLayout): (item: unknown) => ListedItem | undefined {
  let read = readers.get(layout);
  if (!read) readers.set(layout, (read = listedReader(layout.catalog)));
  return read;
}

/**
 * The item's listed form (`toListedItem`, with the default `Uri` numbers) as JSON text, what a
 * page sends instead of reading the raw item; `null` for an item without an id (never listed).
 * It holds ids, names and the image as the listed form reads them (own data properties, no
 * getter called), and JSON.stringify escapes U+0000 and lone surrogates: PostgreSQL text holds it.
 */
function listedText(layout: SearchLayout, item: unknown): string {
  const listed = layoutListedReader(layout)(item);
  return listed === undefined ? 'null' : JSON.stringify(listed);
}

/**
 * The layout row of an item (docs/sql.md, "The search layout"): what each SearchableAttribute
 * holds, read with the checked meaning of its clauses (element shapes of src/check, tokens of
 * src/text, id order of src/listing). Not ok when a value the layout must hold contains
 * U+0000 or a lone surrogate (PostgreSQL text and jsonb cannot hold them): such an item cannot
 * be stored in PostgreSQL at all, so it is reported, never written half right.
 */
export function layoutRow(layout: SearchLayout, item: unknown): LayoutRowResult {
  return layOut(layout, item, {});
}

/** {@link layoutRow}, writing into `row` (layoutUpsert's row already holds its key). */
export function layOut(layout: SearchLayout, item: unknown, row: LayoutRow): LayoutRowResult {
  const problems: LayoutProblem[] = [];
  const idKey = layout.catalog.Aliases.Id;
  const id = itemId(item, layout.catalog);
  row['id_kind'] = id === undefined ? null : typeof id === 'number' ? '0' : '1';
  row['id_num'] = typeof id === 'number' ? num(id) : id === undefined ? null : '0';
  row['id_str'] = typeof id === 'string' ? id : id === undefined ? null : '';
  if (typeof id === 'string' && !pgHolds(id)) problems.push({ field: idKey, reason: UNHOLDABLE });
  try {
    row[layout.listed.column] = listedText(layout, item);
  } catch {
    problems.push({ field: idKey, reason: 'the listed form cannot be read (a proxy threw)' });
  }
  for (const a of layout.attributes) {
    let reason: string | undefined;
    try {
      reason = layAttribute(a, item, layout.policy.prefixLength, layout.policy.termBytes, row);
    } catch {
      reason = 'the value cannot be read (a getter or proxy threw)';
    }
    if (reason !== undefined) problems.push({ field: a.rawKey, reason });
  }
  return problems.length ? { ok: false, problems } : { ok: true, row };
}
