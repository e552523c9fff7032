import { argumentError } from '../../diagnostics/index.js';
import { testedValues } from '../../check/index.js';
import { itemId } from '../../listing/index.js';
import { listedReader, type ListedItem } from '../../listing/listed-item.js';
import { codePointOrder } from '../../text/index.js';
import type { ColumnRole, LayoutAttribute, SearchLayout } from './plan.js';
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

/** A row's value in one column (see {@link LayoutRow}). */
type Cell = LayoutRow[string];

/**
 * The columns of a layout in the order a row holds them: the id's three, the listed form, then
 * each attribute's columns in its role order. Rows are arrays in this order while they are made
 * (a store by position, where a row object of some 60 named keys is a dictionary); each
 * attribute's roles are mapped to positions once per layout.
 */
export interface LayoutColumns {
  /** Column names, unquoted. */
  readonly names: readonly string[];
  /** The role of each column of `names` (undefined for the id's three and the listed form). */
  readonly roles: readonly (ColumnRole | undefined)[];
  /** Each attribute's positions by role, in `layout.attributes` order. */
  readonly slots: readonly Readonly<Partial<Record<ColumnRole, number>>>[];
}

const columnsCache = new WeakMap<SearchLayout, LayoutColumns>();

/** {@link LayoutColumns} of a layout, made once per layout. */
export function layoutColumns(layout: SearchLayout): LayoutColumns {
  let cols = columnsCache.get(layout);
  if (!cols) {
    const names = ['id_kind', 'id_num', 'id_str', layout.listed.column];
    const roles: (ColumnRole | undefined)[] = names.map(() => undefined);
    const slots = layout.attributes.map((a) => {
      const s: Partial<Record<ColumnRole, number>> = {};
      for (const [role, name] of Object.entries(a.columns) as [ColumnRole, string][]) {
        s[role] = names.length;
        names.push(name);
        roles.push(role);
      }
      return s;
    });
    columnsCache.set(layout, (cols = { names, roles, slots }));
  }
  return cols;
}

/**
 * The columns of a Cardinality One attribute (shape `one`: the tested value is the value itself),
 * written without the element lists of the general case below: most attributes of most items
 * take this path, once per write.
 */
function layOne(type: string, s: Partial<Record<ColumnRole, number>>, v: unknown, termBytes: number, row: Cell[]): string | undefined {
  switch (type) {
    case 'Number':
      if (s.num !== undefined) row[s.num] = isNum(v) ? num(v) : null;
      return undefined;
    case 'Boolean':
      if (s.bool !== undefined) row[s.bool] = typeof v === 'boolean' ? v : null;
      return undefined;
    case 'Referenced': {
      // Referenced values compare by canonical text: a string, or a finite number's String().
      const str = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
      if (str !== null && !pgHolds(str)) return UNHOLDABLE;
      if (s.str !== undefined) row[s.str] = str;
      return undefined;
    }
    case 'String':
    case 'Text': {
      const str = typeof v === 'string' ? v : null;
      if (str !== null && !pgHolds(str)) return UNHOLDABLE;
      if (s.str !== undefined) row[s.str] = str;
      if (s.terms !== undefined) {
        const t = str === null ? undefined : textLayout(str, termBytes);
        row[s.terms] = t ? t.terms : null;
        if (s.tokens !== undefined) row[s.tokens] = t ? t.tokens : null;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Writes the columns of one attribute into `row`; returns a problem when a string cannot be held. */
function layAttribute(a: LayoutAttribute, s: Partial<Record<ColumnRole, number>>, item: unknown, prefix: number, termBytes: number, row: Cell[]): string | undefined {
  const raw = readOwn(item, a.rawKey);
  if (s.present !== undefined) row[s.present] = raw !== undefined && raw !== null;
  const type = a.attribute.Type;
  if (a.shape === 'one') return layOne(type, s, raw, termBytes, row);
  const set = (at: number | undefined, v: Cell): void => {
    if (at !== undefined) row[at] = v;
  };
  const vals = testedValues(a.shape, raw);
  const numbers = distinct(vals.filter(isNum).map((n) => (n === 0 ? 0 : n)));
  // Referenced values compare by canonical text: a string, or a finite number's String().
  const strings = distinct(
    type === 'Referenced'
      ? vals.flatMap((v) => (typeof v === 'string' ? [v] : typeof v === 'number' && Number.isFinite(v) ? [String(v)] : []))
      : vals.filter((v): v is string => typeof v === 'string'),
  );
  const booleans = distinct(vals.filter((v): v is boolean => typeof v === 'boolean'));
  if (type !== 'Number' && type !== 'Boolean' && type !== 'Object' && !strings.every(pgHolds)) return UNHOLDABLE;

  set(s.num, numbers.length ? num(numbers[0] as number) : null);
  set(s.nums, numbers.length ? numbers.map(num) : null);
  set(s['num-lo'], numbers.length ? num(least(numbers)) : null);
  set(s['num-hi'], numbers.length ? num(greatest(numbers)) : null);
  set(s.bool, booleans.length ? (booleans[0] as boolean) : null);
  set(s.bools, booleans.length ? booleans : null);
  set(s.str, strings.length ? (strings[0] as string) : null);
  if (s['str-keys'] !== undefined) {
    const keys = strings.map((x) => stringKey(x, prefix));
    row[s['str-keys']] = strings.length ? distinct(keys.map((k) => k.key)) : null;
    const long = strings.filter((_, i) => keys[i]?.cut);
    set(s['str-long'], long.length ? long : null);
    const sorted = [...strings].sort(codePointOrder);
    set(s['str-lo'], sorted.length ? (sorted[0] as string) : null);
    set(s['str-hi'], sorted.length ? (sorted[sorted.length - 1] as string) : null);
  }
  if (s['elem-keys'] !== undefined) {
    const keys: string[] = [];
    const long: string[] = [];
    for (const x of strings) {
      const k = stringKey(x, prefix);
      keys.push('s:' + k.key);
      if (k.cut) long.push('s:' + x);
    }
    for (const n of numbers) keys.push('n:' + num(n));
    for (const b of booleans) keys.push('b:' + String(b));
    row[s['elem-keys']] = keys.length ? distinct(keys) : null;
    set(s['elem-long'], long.length ? long : null);
  }
  if (s.terms !== undefined) {
    const t = strings.length ? textLayout(strings[0] as string, termBytes) : undefined;
    row[s.terms] = t ? t.terms : null;
    set(s.tokens, t ? t.tokens : null);
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
  try {
    const r = layCells(layout, item);
    if (!r.ok) return r;
    const { names } = layoutColumns(layout);
    const row: LayoutRow = {};
    names.forEach((name, i) => (row[name] = r.cells[i] ?? null));
    return { ok: true, row };
  } catch (e) {
    throw argumentError('layoutRow', e);
  }
}

/** {@link layoutRow} as an array in {@link layoutColumns} order (what layoutUpsert writes). */
export function layCells(layout: SearchLayout, item: unknown): { readonly ok: true; readonly cells: Cell[] } | { readonly ok: false; readonly problems: readonly LayoutProblem[] } {
  const { names, slots } = layoutColumns(layout);
  const row: Cell[] = new Array<Cell>(names.length).fill(null);
  const problems: LayoutProblem[] = [];
  const idKey = layout.catalog.Aliases.Id;
  const id = itemId(item, layout.catalog);
  row[0] = id === undefined ? null : typeof id === 'number' ? '0' : '1';
  row[1] = typeof id === 'number' ? num(id) : id === undefined ? null : '0';
  row[2] = typeof id === 'string' ? id : id === undefined ? null : '';
  if (typeof id === 'string' && !pgHolds(id)) problems.push({ field: idKey, reason: UNHOLDABLE });
  try {
    row[3] = listedText(layout, item);
  } catch {
    problems.push({ field: idKey, reason: 'the listed form cannot be read (a proxy threw)' });
  }
  const { prefixLength, termBytes } = layout.policy;
  for (let i = 0; i < layout.attributes.length; i++) {
    const a = layout.attributes[i] as LayoutAttribute;
    let reason: string | undefined;
    try {
      reason = layAttribute(a, slots[i] as Partial<Record<ColumnRole, number>>, item, prefixLength, termBytes, row);
    } catch {
      reason = 'the value cannot be read (a getter or proxy threw)';
    }
    if (reason !== undefined) problems.push({ field: a.rawKey, reason });
  }
  return problems.length ? { ok: false, problems } : { ok: true, cells: row };
}
