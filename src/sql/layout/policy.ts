import { describeValue, diagnostic, QueryError } from '../../diagnostics/index.js';

/**
 * What the search layout indexes, per attribute (docs/sql.md, "The search layout"). Nothing it
 * indexes can exceed an index entry: strings are indexed by a prefix of at most
 * `prefixLength` code points (4 bytes each at most), Text terms longer than `termBytes` UTF-8
 * bytes are left out of the terms (and found exactly through the token sequence instead).
 * Policies only decide speed; every query is exact under every policy.
 */
export interface LayoutPolicy {
  /** Code points of a string's index key (equality and order on longer strings recheck the full value). Default 128, 8 to 500. */
  readonly prefixLength?: number;
  /** The longest term (token or adjacent pair) kept in a Text attribute's GIN terms, in UTF-8 bytes. Default 1000, 16 to 2000. */
  readonly termBytes?: number;
  /** Per raw key (the attribute's name in the raw item): which indexes to make. */
  readonly attributes?: Readonly<Record<string, AttributePolicy>>;
}

/** The indexes of one attribute; omitted fields take the defaults below. */
export interface AttributePolicy {
  /**
   * A B-tree on the value (Cardinality One: the number, the string's prefix, the boolean, the
   * id, each followed by the item id's sort keys, so that an equality reads its items in id
   * order) and, for Many numbers and strings, on the least and greatest element (so ranges are
   * answered by the index). Default: on for numbers, strings and ids; off for Text (long prose
   * is rarely compared whole), a Boolean (two values: the id walk finds either soon) and the
   * least and greatest of Many strings (ranges over tags are rare). `true` turns on every one
   * the attribute has.
   */
  readonly valueIndex?: boolean;
  /**
   * Whether the value B-tree of a Cardinality One attribute ends with the item id's sort keys, so
   * that a page of an equality walks that value's items only (docs/sql.md, "How a page is read").
   * Default true. `false` keeps the value alone: a smaller index where many items share a value
   * (PostgreSQL then stores each value once, with the list of its rows), and an equality walks the
   * whole id order like any other clause.
   */
  readonly idOrder?: boolean;
  /** A GIN index on the elements (Many and Array attributes: `one-of` by array overlap). Default true. */
  readonly elementIndex?: boolean;
  /** A GIN index on the terms of a Text attribute (`matches`, `matches-phrase`). Default true. */
  readonly termsIndex?: boolean;
  /** A B-tree on presence (`present?`). Default false: listing walks the id order and reads it from the row. */
  readonly presentIndex?: boolean;
}

/** A policy with every default filled in. */
export interface ResolvedPolicy {
  readonly prefixLength: number;
  readonly termBytes: number;
  readonly attributes: Readonly<Record<string, AttributePolicy>>;
}

export const DEFAULT_PREFIX_LENGTH = 128;
export const DEFAULT_TERM_BYTES = 1000;

function bounded(value: number | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new QueryError([diagnostic('sql/bad-option', { option: name, detail: `it must be an integer from ${min} to ${max}, but it is ${describeValue(value)}` }, { path: `/${name}` })], 'Invalid layout policy');
  }
  return value;
}

/** Fills in the defaults; throws QueryError (`sql/bad-option`) on a value outside its bounds. */
export function resolvePolicy(policy: LayoutPolicy = {}): ResolvedPolicy {
  return {
    prefixLength: bounded(policy.prefixLength, DEFAULT_PREFIX_LENGTH, 8, 500, 'prefixLength'),
    termBytes: bounded(policy.termBytes, DEFAULT_TERM_BYTES, 16, 2000, 'termBytes'),
    attributes: policy.attributes ?? {},
  };
}
