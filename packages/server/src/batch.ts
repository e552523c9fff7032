import { describeValue, itemId, operatorsFor, type Catalog, type ItemId, type SearchableAttribute } from 'catq';
import { longNames, MAX_NAME } from './names.js';
import { idKey, type KeyedItem, type LeftOut } from './store/items.js';

/** A message of a batch response (`Warnings`) or of a 400 (`Errors`). */
export interface Message {
  readonly message: string;
}

/** How a message names the item at an index of the batch: `Items[3]` in a request, `items.ndjson:4` in a file. */
export type ItemNamer = (index: number) => string;

const inRequest: ItemNamer = (index) => `Items[${index}]`;

/** How {@link prepareBatch} reads a batch. */
export interface PrepareOptions {
  /** Writing (upsert, update): refuse what the database cannot hold, and warn about values that do not fit the catalog. */
  readonly checkFit: boolean;
  /** Warn about values that do not fit the catalog (default: `checkFit`). */
  readonly fitWarnings?: boolean;
  /** How messages name an item (default `Items[i]`). */
  readonly name?: ItemNamer;
}

/** A batch read and checked: the items to write (distinct ids, the last of each id wins), warnings and errors. */
export interface PreparedBatch {
  readonly items: KeyedItem[];
  /** Warnings of the response: skipped items (no id, data the database cannot hold), fit problems. */
  readonly warnings: Message[];
  /** Where each written item came from: its index in the request's `Items` and its id, by key. */
  readonly places: ReadonlyMap<string, { readonly index: number; readonly id: ItemId }>;
  /** How the messages name an item. */
  readonly name: ItemNamer;
}

/** `Items[3] (id "x")`: how a warning names an item of the request. */
export function itemLabel(index: number, id?: ItemId, name: ItemNamer = inRequest): string {
  return label(name(index), id);
}

const hasOwn = Object.prototype.hasOwnProperty;

function label(where: string, id?: ItemId): string {
  return id === undefined ? where : `${where} (id ${JSON.stringify(id)})`;
}

/**
 * Reads the `Items` of a batch against the catalog of the kind being written:
 * - an item without a usable id (`Aliases.Id` holding a string or a finite number) is skipped, with a warning;
 * - the same id twice: the last one wins, with a warning naming both;
 * - `checkFit`: values that do not fit the catalog's `SearchableAttributes` are stored as sent
 *   (but for numbers beyond JSON's range, stored as null), with a warning saying so and naming the
 *   clauses that can never match them, or for a Many array with elements of its type, that match
 *   only those (upsert and update, not delete).
 */
export function prepareBatch(items: readonly unknown[], catalog: Catalog, options: PrepareOptions): PreparedBatch {
  const { checkFit, fitWarnings: warnFit = checkFit, name = inRequest } = options;
  const warnings: Message[] = [];
  const byKey = new Map<string, { index: number; id: ItemId; item: KeyedItem }>();
  items.forEach((raw, index) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      warnings.push({ message: `${name(index)} is ${describeValue(raw)}, not an object: an item is a JSON object. The item was skipped.` });
      return;
    }
    const id = itemId(raw, catalog);
    if (id === undefined) {
      const found = hasOwn.call(raw, catalog.Aliases.Id) ? describeValue((raw as Record<string, unknown>)[catalog.Aliases.Id]) : 'nothing';
      warnings.push({ message: `${name(index)} has no usable id: "${catalog.Aliases.Id}" must hold a non-empty string or a finite number, but it holds ${found}. The item was skipped.` });
      return;
    }
    // Deleting needs only the id: an id PostgreSQL cannot hold names no stored item (ignored).
    // Writing: an item the database cannot hold is skipped with a warning; the rest is stored.
    if (!checkFit && typeof id === 'string' && stringProblem(id)) return;
    const nonFinite: string[] = [];
    const bad = checkFit ? unstorableField(raw as Record<string, unknown>, nonFinite) : undefined;
    if (bad) {
      warnings.push(notStored(index, id, bad.field, bad.problem, name));
      return;
    }
    const key = idKey(id);
    const earlier = byKey.get(key);
    if (earlier) warnings.push({ message: `${label(name(earlier.index), id)} and ${name(index)} have the same id; the last one (${name(index)}) wins.` });
    byKey.set(key, { index, id, item: { key, data: raw } });
    const fitWarned = warnFit ? new Set<string>() : undefined;
    if (fitWarned) {
      const where = label(name(index), id);
      warnings.push(...fitWarnings(raw as Record<string, unknown>, catalog, where, fitWarned), ...nameWarnings(raw as Record<string, unknown>, catalog, where));
    }
    // A number JSON cannot carry (1e400, read as Infinity) is stored as null: said for every field
    // (a seed file too), but once: a declared attribute whose value does not fit says it in its
    // fit warning above (the number itself, or the elements of an array stored as null).
    const unsaid = fitWarned ? nonFinite.filter((field) => !fitWarned.has(field)) : nonFinite;
    if (unsaid.length) warnings.push(nonFiniteWarning(label(name(index), id), raw as Record<string, unknown>, unsaid));
  });
  const places = new Map([...byKey].map(([key, e]) => [key, { index: e.index, id: e.id }] as const));
  return { items: [...byKey.values()].map((e) => e.item), warnings, places, name };
}

/** The warning of an item that was not stored: its index, id and field, never database internals. */
export function notStored(index: number, id: ItemId, field: string, problem: string, name: ItemNamer = inRequest): Message {
  const where = field === '' ? 'a key of the item' : `"${field}"`;
  return { message: `${label(name(index), id)} was not stored: ${where} ${problem}. The rest of the batch was stored.` };
}

/** The warnings of the items the database refused (see `upsertItems`), named as the batch names them. */
export function leftOutWarnings(batch: PreparedBatch, left: readonly LeftOut[]): Message[] {
  return left.map((l) => {
    const place = batch.places.get(l.key);
    return place ? notStored(place.index, place.id, l.field, l.reason, batch.name) : { message: `The item with id ${l.key} was not stored: ${l.reason}.` };
  });
}

/**
 * The first top-level field (or key) whose value the database cannot hold, and why. The fields
 * that hold a number JSON cannot carry (`1e400`, which `JSON.parse` reads as Infinity) are added
 * to `nonFinite`, in the same walk: such a value is stored, as null.
 */
function unstorableField(raw: Record<string, unknown>, nonFinite: string[]): { field: string; problem: string } | undefined {
  const seen = { nonFinite: false };
  for (const [k, v] of Object.entries(raw)) {
    const keyProblem = stringProblem(k);
    if (keyProblem) return { field: '', problem: keyProblem };
    seen.nonFinite = false;
    const p = unstorable(v, 1, seen);
    if (p) return { field: k, problem: p };
    if (seen.nonFinite) nonFinite.push(k);
  }
  return undefined;
}

/** Why the database (PostgreSQL jsonb) cannot hold a value (NUL characters, lone surrogates), if it cannot; notes a non-finite number in `seen`. */
function unstorable(value: unknown, depth: number, seen: { nonFinite: boolean }): string | undefined {
  if (typeof value === 'string') return stringProblem(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) seen.nonFinite = true;
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > 200) return 'is nested deeper than 200 levels';
  if (Array.isArray(value)) {
    for (const v of value) {
      const p = unstorable(v, depth + 1, seen);
      if (p) return p;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = stringProblem(k) ?? unstorable(v, depth + 1, seen);
    if (p) return p;
  }
  return undefined;
}

/** `/key` of a JSON pointer: `~` and `/` escaped (RFC 6901). */
function pointerStep(key: string): string {
  return `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Every non-finite number in a value: where (JSON pointers below `at`) and the number, in document order. */
function nonFinitePlaces(value: unknown, at: string, out: { at: string; value: number }[] = []): { at: string; value: number }[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push({ at, value });
  } else if (value !== null && typeof value === 'object') {
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    for (const [k, v] of entries) nonFinitePlaces(v, `${at}${pointerStep(k)}`, out);
  }
  return out;
}

/** At most this many places named in a fit warning (then "and N more"). */
const MAX_PLACES = 5;

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * What the write stores of a value that does not fit its attribute: the item goes to the database
 * as JSON text (`JSON.stringify`), which writes a number beyond JSON's range (1e400, read as
 * Infinity) as null, alone or inside an array or object; the rest is stored as sent.
 */
function storedAs(value: unknown, top: string): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return 'It is stored as null (JSON has no number that large)';
  const places = nonFinitePlaces(value, top);
  if (!places.length) return 'It is stored as sent';
  const shown = places.slice(0, MAX_PLACES).map((p) => p.at);
  if (places.length > MAX_PLACES) shown.push(`${places.length - MAX_PLACES} more`);
  const read = [...new Set(places.map((p) => String(p.value)))];
  return `It is stored with null in place of ${places.length === 1 ? 'its number' : 'its numbers'} beyond the range of JSON numbers (at ${listed(shown)}, read as ${listed(read)})`;
}

/**
 * The one warning of an item whose fields hold numbers beyond JSON's range: `JSON.parse` reads
 * `1e400` as Infinity (`-1e400` as -Infinity), which JSON cannot write back, so it is stored as
 * null. Names each field (and the place inside it), once per item: a seed file's summary counts
 * its lines by their warnings.
 */
function nonFiniteWarning(where: string, raw: Record<string, unknown>, fields: readonly string[]): Message {
  const read = new Set<string>();
  const named = fields.map((field) => {
    const top = pointerStep(field);
    const place = nonFinitePlaces(raw[field], top)[0];
    read.add(String(place?.value ?? Infinity));
    return `"${field}"${place && place.at !== top ? ` (at ${place.at})` : ''}`;
  });
  const one = named.length === 1;
  return {
    message: `${where}: ${listed(named)} ${one ? 'holds a number' : 'hold numbers'} beyond the range of JSON numbers (such as 1e400), read as ${[...read].join(' and ')}; ${one ? 'it is' : 'they are'} stored as null.`,
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function stringProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return 'holds a string with the NUL character (U+0000), which the database cannot hold';
  if (LONE_SURROGATE.test(s)) return 'holds a string with a lone surrogate (not well-formed Unicode), which the database cannot hold';
  return undefined;
}

/** Whether one value (a One attribute's, or an element of a Many attribute's array) is of the attribute's type. */
function fitsOne(v: unknown, type: SearchableAttribute['Type']): boolean {
  switch (type) {
    case 'Number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'String':
    case 'Text':
      return typeof v === 'string';
    case 'Boolean':
      return typeof v === 'boolean';
    case 'Referenced':
      return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
    case 'Array':
      return Array.isArray(v);
    case 'Object':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
  }
}

/** The elements of each type that clauses on a Many attribute match (in a fit warning). */
const ELEMENTS: Record<SearchableAttribute['Type'], string> = {
  Number: 'numbers',
  String: 'strings',
  Text: 'strings',
  Boolean: 'true or false',
  Referenced: 'ids (strings or numbers)',
  Array: 'arrays',
  Object: 'objects',
};

/** Whether a stored value fits a declared attribute (missing and `null` always fit). */
export function fits(value: unknown, attr: SearchableAttribute): boolean {
  if (value === undefined || value === null) return true;
  if (fitsOne(value, attr.Type)) return true;
  return attr.Cardinality === 'Many' && Array.isArray(value) && value.every((v) => fitsOne(v, attr.Type));
}

/** Names longer than the spec's 100 characters: stored as sent, returned cut to 100 code points. */
function nameWarnings(raw: Record<string, unknown>, catalog: Catalog, where: string): Message[] {
  return longNames(raw, catalog).map((k) => ({
    message: `${where}: "${k}" is a name of ${Array.from(raw[k] as string).length} characters, longer than the ${MAX_NAME} the interface allows. It is stored as sent; responses show its first ${MAX_NAME} characters.`,
  }));
}

/**
 * The warnings of the declared attributes whose values do not fit (one per attribute): what is
 * stored (as sent, or with null for the numbers beyond JSON's range, wherever they are in it) and
 * which clauses can match it. A Many attribute's array matches a clause when one of its elements
 * does (catq's evaluator and the SQL agree), so one with some elements of its type is found
 * through those; otherwise the clauses can never match the item. The fields warned about are
 * added to `warned`.
 */
function fitWarnings(raw: Record<string, unknown>, catalog: Catalog, where: string, warned: Set<string>): Message[] {
  const out: Message[] = [];
  const seen = new Set<string>();
  for (const attr of catalog.SearchableAttributes ?? []) {
    if (seen.has(attr.Attribute) || !hasOwn.call(raw, attr.Attribute)) continue;
    seen.add(attr.Attribute);
    const v = raw[attr.Attribute];
    if (fits(v, attr)) continue;
    warned.add(attr.Attribute);
    const ops = operatorsFor(attr.Type).filter((o) => o !== 'present?');
    const declared = `${attr.Type}${attr.Cardinality === 'Many' ? ' (Many)' : ''}`;
    const clauses = `the clauses ${ops.join(', ')} on "${attr.Attribute}"`;
    const partly = attr.Cardinality === 'Many' && Array.isArray(v) && v.some((e) => fitsOne(e, attr.Type));
    const matching = !ops.length ? `only present? applies to "${attr.Attribute}"` : partly ? `${clauses} match only its elements that are ${ELEMENTS[attr.Type]}` : `${clauses} can never match this item`;
    const top = pointerStep(attr.Attribute);
    out.push({ message: `${where}: "${attr.Attribute}" holds ${describeValue(v)}, but the catalog declares it ${declared}. ${storedAs(v, top)}, but ${matching}.` });
  }
  return out;
}
