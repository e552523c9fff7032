/**
 * What may be proposed for a field, an operator or a value, whatever the syntax: infix
 * completion (complete.ts) and wire completion (complete-wire.ts) only differ in how they
 * write the proposal and where they put it.
 */
import type { JsonValue, Operator } from '../ast/index.js';
import { fieldNames, resolveField, type Catalog, type SearchableAttribute } from '../catalog/index.js';
import { OPERATORS, operatorsFor } from '../operators/index.js';
import { sampleValues } from './sample-values.js';

/** Options of `complete`. */
export interface CompleteOptions {
  /**
   * A sample of raw items (the objects of the item data, keyed by raw keys). When given, the
   * distinct values of the field in the sample are proposed, most frequent first, for fields
   * whose catalog `UIConfiguration` lists no `AllowedValues`. Pass the same array on every call:
   * its values are indexed once per array.
   */
  readonly items?: readonly unknown[];
  /** At most this many values from the sample (default 20). */
  readonly maxValues?: number;
  /**
   * The longest text completed, in UTF-16 code units (default {@link DEFAULT_MAX_COMPLETE_LENGTH},
   * as `maxInfixLength`): a longer text gets no proposals, so one call stays within a few
   * milliseconds whatever it is given. `Infinity` lifts it (an editor on the user's own document).
   */
  readonly maxLength?: number;
}

/** The default `maxLength` of `complete` (docs/limits.md). */
export const DEFAULT_MAX_COMPLETE_LENGTH = 10_000;

/** One proposal before it is placed in the text. */
export interface Proposal {
  readonly label: string;
  readonly kind: 'field' | 'operator' | 'value' | 'keyword';
  readonly insertText: string;
  readonly detail: string;
}

/** The attribute a field resolves to, if any. */
export function attributeOf(catalog: Catalog, field: string): SearchableAttribute | undefined {
  const r = resolveField(catalog, field);
  return r.ok ? r.attribute : undefined;
}

/** The `Label` of the UIConfiguration entry of a raw key (or of the field as written). */
export function labelOf(catalog: Catalog, keys: readonly string[]): string | undefined {
  for (const ui of catalog.UIConfiguration ?? []) if (ui.Key !== undefined && keys.includes(ui.Key) && ui.Label) return ui.Label;
  return undefined;
}

/** `String, One · Brand` or `alias of brand · String, One`. */
export function describeField(catalog: Catalog, field: string): string {
  const r = resolveField(catalog, field);
  if (!r.ok) return 'field';
  const label = labelOf(catalog, [r.rawKey, field]);
  const type = `${r.attribute.Type}, ${r.attribute.Cardinality}`;
  const parts = [r.alias ? `alias of ${r.rawKey} · ${type}` : type];
  if (label) parts.push(label);
  return parts.join(' · ');
}

/** Every field of the catalog (declared attributes, then alias paths that resolve). */
export function fieldProposals(catalog: Catalog, write: (field: string) => string): Proposal[] {
  return fieldNames(catalog).map((f) => ({ label: f, kind: 'field', insertText: write(f), detail: describeField(catalog, f) }));
}

/** The operators allowed on the attribute's type (every operator when the field is unknown). */
export function operatorProposals(attribute: SearchableAttribute | undefined, write: (op: Operator) => string): Proposal[] {
  const ops = attribute ? operatorsFor(attribute.Type) : (Object.keys(OPERATORS) as Operator[]);
  return ops.map((op) => ({ label: OPERATORS[op].infix, kind: 'operator', insertText: write(op), detail: OPERATORS[op].summary }));
}

/**
 * Values for the clause on `field` with `operator`: `true`/`false` for `present?` and Boolean
 * attributes, the `AllowedValues` of the field's UIConfiguration, else (with `options.items`)
 * the values seen in the sample. `inList` tells whether the cursor is inside the `[...]` of a
 * `one-of`; outside it, a `one-of` value is proposed as a one-element list.
 */
export function valueProposals(
  catalog: Catalog,
  field: string | undefined,
  operator: Operator | undefined,
  inList: boolean,
  options: CompleteOptions,
  write: (value: JsonValue) => string,
): Proposal[] {
  const out: Proposal[] = [];
  if (operator === 'present?') {
    if (!inList) for (const b of [true, false]) out.push({ label: String(b), kind: 'value', insertText: write(b), detail: b ? 'the field is present' : 'the field is missing or null' });
    return out;
  }
  if (operator === 'matches' || operator === 'matches-phrase') return out;
  const wrap = (v: JsonValue): string => (operator === 'one-of' && !inList ? write([v]) : write(v));
  const resolution = field === undefined ? undefined : resolveField(catalog, field);
  const attribute = resolution?.ok ? resolution.attribute : undefined;
  if (attribute?.Type === 'Boolean') for (const b of [true, false]) out.push({ label: wrap(b), kind: 'value', insertText: wrap(b), detail: 'Boolean' });
  const keys = [field, resolution?.ok ? resolution.rawKey : undefined].filter((k): k is string => k !== undefined);
  let allowed = false;
  for (const ui of catalog.UIConfiguration ?? []) {
    if (ui.Key === undefined || !keys.includes(ui.Key) || !ui.AllowedValues) continue;
    allowed = true;
    for (const v of ui.AllowedValues as readonly (string | number)[]) {
      out.push({ label: wrap(v), kind: 'value', insertText: wrap(v), detail: ui.Label ? `allowed value (${ui.Label})` : 'allowed value' });
    }
  }
  // AllowedValues limit what a person picks from: the sample only speaks when there are none.
  if (!allowed && options.items && resolution?.ok && attribute && attribute.Type !== 'Boolean') {
    const { values, items } = sampleValues(options.items, resolution.rawKey, attribute);
    const max = options.maxValues ?? 20;
    for (const { value, count } of values.slice(0, Math.max(0, max))) {
      out.push({ label: wrap(value), kind: 'value', insertText: wrap(value), detail: `in ${count} of ${items} sample items` });
    }
  }
  return out;
}
