import { argumentError } from '../../diagnostics/index.js';
import type { AttributeType, Cardinality, Catalog, SearchableAttribute } from '../../catalog/index.js';
import { searchableAttributes } from '../../catalog/index.js';
import { shapeOf, type ElementShape } from '../../check/index.js';
import { listedRawKeys } from '../../listing/index.js';
import { listedFormSignature } from '../../listing/listed-item.js';
import { hash8, slug } from './names.js';
import { resolvePolicy, type AttributePolicy, type LayoutPolicy, type ResolvedPolicy } from './policy.js';

/**
 * What one layout column holds (docs/sql.md, "The search layout"):
 * - `present`: the raw key exists with a non-null value (`present?`);
 * - `num` / `str` / `bool`: the value of a Cardinality One attribute when it has the type
 *   (`str` of a Referenced attribute: the id's canonical text, a number's `String(n)`);
 * - `nums` / `bools`: the distinct elements of that type (Many);
 * - `num-lo` / `num-hi` / `str-lo` / `str-hi`: the least and greatest of them (ranges on Many);
 * - `str-keys`: the distinct strings (or ids), each cut to the policy's prefix length;
 *   `str-long`: the strings that were cut, whole (exact recheck; NULL when none);
 * - `elem-keys` / `elem-long`: the same for Array elements, typed (`s:`, `n:`, `b:`);
 * - `terms`: a Text value's distinct tokens and adjacent token pairs (`a b`) up to the term size;
 * - `tokens`: the Text value's tokens as one string, ` a b c ` (phrases and long tokens).
 */
export type ColumnRole =
  | 'present'
  | 'num'
  | 'nums'
  | 'num-lo'
  | 'num-hi'
  | 'str'
  | 'str-keys'
  | 'str-long'
  | 'str-lo'
  | 'str-hi'
  | 'bool'
  | 'bools'
  | 'elem-keys'
  | 'elem-long'
  | 'terms'
  | 'tokens';

const SQL_TYPES: Readonly<Record<ColumnRole, string>> = {
  present: 'boolean',
  num: 'float8',
  nums: 'float8[]',
  'num-lo': 'float8',
  'num-hi': 'float8',
  str: 'text COLLATE "C"',
  'str-keys': 'text[] COLLATE "C"',
  'str-long': 'text[] COLLATE "C"',
  'str-lo': 'text COLLATE "C"',
  'str-hi': 'text COLLATE "C"',
  bool: 'boolean',
  bools: 'boolean[]',
  'elem-keys': 'text[] COLLATE "C"',
  'elem-long': 'text[] COLLATE "C"',
  terms: 'text[] COLLATE "C"',
  tokens: 'text COLLATE "C"',
};

const SUFFIX: Readonly<Record<ColumnRole, string>> = {
  present: 'p',
  num: 'n',
  nums: 'ns',
  'num-lo': 'nlo',
  'num-hi': 'nhi',
  str: 's',
  'str-keys': 'sk',
  'str-long': 'sx',
  'str-lo': 'slo',
  'str-hi': 'shi',
  bool: 'b',
  bools: 'bs',
  'elem-keys': 'ek',
  'elem-long': 'ex',
  terms: 'terms',
  tokens: 'toks',
};

/** How an index is made: a B-tree over an expression, or a GIN over an array column. */
export interface LayoutIndex {
  readonly kind: 'btree' | 'gin';
  /**
   * The indexed expressions (a quoted column, `left(column, n)`, and for the value of a
   * Cardinality One attribute the id's sort keys after it), comma-separated.
   */
  readonly expression: string;
}

/** The layout of one SearchableAttribute. */
export interface LayoutAttribute {
  readonly attribute: SearchableAttribute;
  /** The top-level key of the raw item (the attribute's name). */
  readonly rawKey: string;
  readonly shape: ElementShape;
  /** Column names by role (unquoted). */
  readonly columns: Readonly<Partial<Record<ColumnRole, string>>>;
  readonly indexes: readonly LayoutIndex[];
  /**
   * When the value of a Cardinality One attribute has its B-tree: the indexed expression of the
   * value (`"col"`, or `left("col", n)` for a string), which the id's sort keys follow in that
   * index. An equality on it reads its items in id order (a page walks them, not the whole table).
   */
  readonly orderedKey?: string;
}

/** A catalog's search layout: pure data, the same for the same catalog and policy. */
export interface SearchLayout {
  readonly catalog: Catalog;
  readonly policy: ResolvedPolicy;
  /** One per distinct raw key of the catalog's SearchableAttributes (first declaration wins, as in resolution). */
  readonly attributes: readonly LayoutAttribute[];
  readonly byRawKey: ReadonlyMap<string, LayoutAttribute>;
  /**
   * The listed form's own column (text): the item's listed form as JSON text (`toListedItem`
   * with the default `Uri` numbers; `null` for an item without an id), written with the row, so
   * that a page sends its items from the search table alone, without building them. Its name
   * carries a hash of what the form depends on (`Aliases`, the catalog's `Id`): when they change,
   * the column is new (NULL until the rows are written again, and a page then reads such a row's
   * listed keys, `keys`, from the raw table and builds its form).
   */
  readonly listed: { readonly keys: readonly string[]; readonly column: string };
}

/** Bumped when what a column holds changes: every column then gets a new name (and is backfilled). */
const LAYOUT_VERSION = 1;

function rolesOf(type: AttributeType, cardinality: Cardinality): ColumnRole[] {
  const many = cardinality === 'Many';
  switch (type) {
    case 'Number':
      return many ? ['present', 'nums', 'num-lo', 'num-hi'] : ['present', 'num'];
    case 'String':
      return many ? ['present', 'str-keys', 'str-long', 'str-lo', 'str-hi'] : ['present', 'str'];
    case 'Text':
      return ['present', 'str', 'terms', 'tokens'];
    case 'Referenced':
      return many ? ['present', 'str-keys', 'str-long'] : ['present', 'str'];
    case 'Boolean':
      return many ? ['present', 'bools'] : ['present', 'bool'];
    case 'Array':
      return ['present', 'elem-keys', 'elem-long'];
    case 'Object':
      return ['present'];
  }
}

/** The id's sort keys, as they follow a value in its B-tree (the id order's index: ddl.ts). */
function idKeys(prefix: number): string {
  return `id_kind, id_num, left(id_str, ${prefix})`;
}

/** The indexes of an attribute, and the value expression of its id-ordered B-tree (LayoutAttribute.orderedKey). */
function indexesOf(type: AttributeType, cols: Partial<Record<ColumnRole, string>>, p: AttributePolicy, prefix: number): { indexes: LayoutIndex[]; orderedKey?: string } {
  const q = (c: string) => '"' + c + '"';
  let orderedKey: string | undefined;
  // The value of a One attribute is followed by the id's sort keys: an equality then reads its
  // items in id order from the index (a range still reads it by its first column).
  const ordered = (value: string) => {
    if (p.idOrder === false) return value;
    orderedKey = value;
    return `${value}, ${idKeys(prefix)}`;
  };
  const out: LayoutIndex[] = [];
  // By default no B-tree where it rarely pays for what it costs each write: on long prose
  // (Text), on a boolean (two values: the id walk finds either soon), and on the least and
  // greatest of Many strings (ranges over tags are rare; they are answered exactly without).
  const explicit = p.valueIndex;
  const valueIndex = explicit ?? type !== 'Text';
  if (valueIndex) {
    if (cols.num) out.push({ kind: 'btree', expression: ordered(q(cols.num)) });
    if (cols.bool && explicit) out.push({ kind: 'btree', expression: ordered(q(cols.bool)) });
    if (cols.str) out.push({ kind: 'btree', expression: ordered(`left(${q(cols.str)}, ${prefix})`) });
    if (cols['num-lo']) out.push({ kind: 'btree', expression: q(cols['num-lo']) });
    if (cols['num-hi']) out.push({ kind: 'btree', expression: q(cols['num-hi']) });
    if (cols['str-lo'] && explicit) out.push({ kind: 'btree', expression: `left(${q(cols['str-lo'])}, ${prefix})` });
    if (cols['str-hi'] && explicit) out.push({ kind: 'btree', expression: `left(${q(cols['str-hi'])}, ${prefix})` });
  }
  if (p.elementIndex ?? true) {
    for (const r of ['nums', 'bools', 'str-keys', 'elem-keys'] as const) {
      const c = cols[r];
      if (c) out.push({ kind: 'gin', expression: q(c) });
    }
  }
  if ((p.termsIndex ?? true) && cols.terms) out.push({ kind: 'gin', expression: q(cols.terms) });
  if ((p.presentIndex ?? false) && cols.present) out.push({ kind: 'btree', expression: q(cols.present) });
  return orderedKey === undefined ? { indexes: out } : { indexes: out, orderedKey };
}

/**
 * The search layout of a catalog (docs/sql.md): for each SearchableAttribute, the typed columns
 * that hold what its clauses test, named `<slug>_<hash>_<role>` where the hash covers the raw
 * key, type, cardinality, the layout version and the policy's sizes, so a changed attribute gets
 * new columns instead of reinterpreting old ones. Alias paths resolve to their raw key and use
 * its columns. Throws QueryError (`sql/bad-option`) on an invalid policy.
 */
export function searchLayout(catalog: Catalog, policy?: LayoutPolicy): SearchLayout {
  try {
    const resolved = resolvePolicy(policy);
    const byRawKey = new Map<string, LayoutAttribute>();
    for (const a of searchableAttributes(catalog)) {
      if (!a || typeof a.Attribute !== 'string' || byRawKey.has(a.Attribute)) continue;
      const rawKey = a.Attribute;
      const h = hash8(`v${LAYOUT_VERSION}\u0000${rawKey}\u0000${a.Type}\u0000${a.Cardinality}\u0000${resolved.prefixLength}\u0000${resolved.termBytes}`);
      const stem = `${slug(rawKey)}_${h}`;
      const columns: Partial<Record<ColumnRole, string>> = {};
      for (const role of rolesOf(a.Type, a.Cardinality)) columns[role] = `${stem}_${SUFFIX[role]}`;
      const own = Object.prototype.hasOwnProperty.call(resolved.attributes, rawKey) ? resolved.attributes[rawKey] : undefined;
      const { indexes, orderedKey } = indexesOf(a.Type, columns, own ?? {}, resolved.prefixLength);
      byRawKey.set(rawKey, { attribute: a, rawKey, shape: shapeOf(a.Type, a.Cardinality), columns, indexes, ...(orderedKey ? { orderedKey } : {}) });
    }
    const keys = listedRawKeys(catalog);
    // The column holds the listed form itself (form 2; form 1 held the listed raw keys): named for
    // everything that form depends on, so new Aliases (or a new catalog Id) make a new column.
    const listed = { keys, column: `listed_${hash8(`v${LAYOUT_VERSION}\u0000form 2\u0000${listedFormSignature(catalog)}`)}` };
    return { catalog, policy: resolved, attributes: [...byRawKey.values()], byRawKey, listed };
  } catch (e) {
    throw argumentError('searchLayout', e);
  }
}

/** The SQL type of a column role. */
export function sqlTypeOf(role: ColumnRole): string {
  return SQL_TYPES[role];
}
