import { assertNever } from '../../ast/index.js';
import type { ClausePlan, ValueTest } from '../../check/index.js';
import type { SqlBuilder } from '../builder.js';
import { ident } from './names.js';
import type { ColumnRole, LayoutAttribute } from './plan.js';
import { holdableOrder, pgHolds, stringKey } from './safe-text.js';
import { tokenSequence, utf8Bytes } from './text-terms.js';

/** What a clause on the layout compiles against. */
export interface LayoutClauseContext {
  readonly b: SqlBuilder;
  /** Code points of a string key. */
  readonly prefix: number;
  /** Largest term kept in the terms, UTF-8 bytes. */
  readonly termBytes: number;
  /** When given, the name of every search-table column the clause reads is added to it. */
  readonly used?: Set<string> | undefined;
  /**
   * The condition tests rows already read (a page's walk), so nothing is written only for an
   * index to find rows by: a long phrase is its token-sequence test alone, without the pair terms
   * (PostgreSQL tests the cheaper-looking `@>` first, and on rows already read it is the dearer test).
   */
  readonly rowsRead?: boolean | undefined;
  /**
   * Terms of the clause's attribute that the database's statistics list as most common
   * ({@link LayoutWhereOptions.commonTerms}): a long phrase is then found by its other pairs.
   */
  readonly common?: ReadonlySet<string> | undefined;
}

const FALSE = 'FALSE';

/** At most this many rare pairs find a long phrase's rows by the index (see textMatch). */
const RARE_FINDERS = 8;

/** A bound array parameter with its type. */
function arr(b: SqlBuilder, values: readonly (string | number | boolean)[], type: string): string {
  return `${b.param(values)}::${type}[]`;
}

/**
 * Above this many values, a set tested on rows already read (a page's walk) is probed by hash.
 * PostgreSQL's `&&` compares every element of the row's array with every value (one function
 * call each): 200 values cost about 5.6 µs a row, 56 ms on a walk of 10,000 rows at 1M items.
 * `= ANY` of a constant list of nine or more values is hashed (PostgreSQL 14+, unnamed
 * statements plan with their values as constants), so the same test through `unnest` costs about
 * 1.5 µs a row whatever the size of the set; the two meet near 64 values (measured on the scale
 * bench's tags, 1.4 elements a row).
 */
const HASHED_SET = 64;

/**
 * `column && values`: the row's array holds one of them. On rows already read, a large set is
 * probed by hash (see HASHED_SET); elsewhere `&&` is what the column's GIN index answers.
 */
function overlaps(column: string, values: readonly (string | number | boolean)[], type: string, ctx: LayoutClauseContext): string {
  if (ctx.rowsRead && values.length > HASHED_SET) return `EXISTS (SELECT 1 FROM unnest(${column}) AS catq_e(v) WHERE catq_e.v = ANY(${arr(ctx.b, values, type)}))`;
  return `${column} && ${arr(ctx.b, values, type)}`;
}

function distinct<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** A candidate of a keyed set: its index key, and whether the key was cut from `whole`. */
interface Keyed {
  readonly key: string;
  readonly whole: string;
  readonly cut: boolean;
}

/** A string candidate, encoded (`s:` for Array elements). */
function keyedString(v: string, prefix: number, tag = ''): Keyed {
  const k = stringKey(v, prefix);
  return { key: tag + k.key, whole: tag + v, cut: k.cut };
}

/**
 * Membership in a set laid out as keys (`keys`: strings cut to the prefix) and the cut strings
 * whole (`long`): a candidate shorter than the prefix is in the set iff it is a key (a cut key
 * is longer); a longer one iff it is among the long ones (its key narrows by index).
 */
function keyedIn(keys: string, long: string, cands: readonly Keyed[], ctx: LayoutClauseContext): string {
  if (cands.length === 0) return FALSE;
  const short = distinct(cands.filter((c) => !c.cut).map((c) => c.whole));
  const longs = distinct(cands.filter((c) => c.cut).map((c) => c.whole));
  if (longs.length === 0) return overlaps(keys, short, 'text', ctx);
  const exact = overlaps(long, longs, 'text', ctx);
  const any = overlaps(keys, distinct(cands.map((c) => c.key)), 'text', ctx);
  return short.length === 0 ? `${any} AND ${exact}` : `${any} AND (${overlaps(keys, short, 'text', ctx)} OR ${exact})`;
}

/** Equality of a One string column with one of `values`, narrowed by its prefix index. */
function stringEquals(col: string, values: readonly string[], ctx: LayoutClauseContext): string {
  if (values.length === 0) return FALSE;
  const keys = distinct(values.map((v) => stringKey(v, ctx.prefix).key));
  return `left(${col}, ${ctx.prefix}) = ANY(${arr(ctx.b, keys, 'text')}) AND ${col} = ANY(${arr(ctx.b, distinct(values), 'text')})`;
}

/** `col op value` in code point order ("C" collation), narrowed by the prefix index. */
function stringOrder(col: string, op: '<' | '<=' | '>' | '>=', value: string, ctx: LayoutClauseContext): string {
  const h = holdableOrder(op, value);
  const b = ctx.b;
  const narrow = h.op === '<' || h.op === '<=' ? '<=' : '>=';
  const key = stringKey(h.value, ctx.prefix).key;
  return `left(${col}, ${ctx.prefix}) ${narrow} ${b.param(key)}::text AND ${col} ${h.op} ${b.param(h.value)}::text`;
}

/**
 * The pairs of a phrase's adjacent words, those that fit in a term, whether the token sequence
 * must decide (`exact`: all but a two-word phrase whose pair is a term), and the pairs the index
 * looks for. The index finds the rows whose terms hold every pair; a pair held by many rows finds
 * little and costs much (GIN checks each candidate against every pair's posting tree: the 99
 * pairs of a 100-word phrase read about 2,000 pages at 1M items). The token sequence decides
 * exactly, so when the statistics name the common terms, the rare pairs alone find the rows (at
 * most RARE_FINDERS of them; `rare`). Without statistics, or when every pair is common, all pairs.
 */
function phrasePairs(words: readonly string[], fits: (s: string) => boolean, common: ReadonlySet<string> | undefined): { shortPairs: string[]; exact: boolean; finders: string[]; rare: boolean } {
  const pairs = words.slice(1).map((w, i) => `${words[i] as string} ${w}`);
  const shortPairs = distinct(pairs.filter(fits));
  const exact = !(words.length === 2 && shortPairs.length === 1);
  const rare = exact && common ? shortPairs.filter((x) => !common.has(x)).slice(0, RARE_FINDERS) : [];
  return { shortPairs, exact, finders: rare.length ? rare : shortPairs, rare: rare.length > 0 };
}

/**
 * Whether a checked clause is a `matches-phrase` that the index finds through pairs the
 * statistics call rare (see {@link phrasePairs}): each is held by fewer rows than the most common
 * terms, so the clause, and a query that requires it, matches few rows.
 */
export function foundByRarePairs(p: ClausePlan, termBytes: number, common: ReadonlySet<string> | undefined): boolean {
  if (!common || p.kind !== 'test' || p.test.kind !== 'text' || p.test.match === 'all' || p.test.tokens.length < 2) return false;
  return phrasePairs(p.test.tokens, (s) => utf8Bytes(s) <= termBytes, common).rare;
}

/** `matches` / `matches-phrase` on the terms (index) and, where terms cannot decide, the token sequence. */
function textMatch(t: Extract<ValueTest, { kind: 'text' }>, terms: string, toks: string, ctx: LayoutClauseContext): string {
  const b = ctx.b;
  const fits = (s: string) => utf8Bytes(s) <= ctx.termBytes;
  const words = t.match === 'all' ? distinct(t.tokens) : t.tokens;
  const parts: string[] = [];
  if (t.match === 'all' || words.length === 1) {
    const short = distinct(words.filter(fits));
    if (short.length) parts.push(`${terms} @> ${arr(b, short, 'text')}`);
    for (const w of distinct(words.filter((w) => !fits(w)))) parts.push(`strpos(${toks}, ${b.param(tokenSequence([w]))}::text) > 0`);
    return parts.join(' AND ');
  }
  const { exact, finders } = phrasePairs(words, fits, ctx.common);
  // On rows already read, the token sequence decides alone (it is exact): the terms only find rows.
  if (exact && ctx.rowsRead) return `strpos(${toks}, ${b.param(tokenSequence(words))}::text) > 0`;
  if (finders.length) parts.push(`${terms} @> ${arr(b, finders, 'text')}`);
  else {
    const shortWords = distinct(words.filter(fits));
    if (shortWords.length) parts.push(`${terms} @> ${arr(b, shortWords, 'text')}`);
  }
  // Two words whose pair is a term are decided by the index; longer phrases are rechecked on the few candidates.
  if (exact) parts.push(`strpos(${toks}, ${b.param(tokenSequence(words))}::text) > 0`);
  return parts.join(' AND ');
}

/**
 * One checked clause as plain predicates on the search layout's columns (alias `s`): the
 * meaning of docs/semantics.md, read off the values layoutRow laid out with the same rules.
 */
export function layoutClause(p: ClausePlan, a: LayoutAttribute, ctx: LayoutClauseContext): string {
  const col = (role: ColumnRole): string => {
    const name = a.columns[role];
    if (name === undefined) throw new Error(`catq internal error: no ${role} column for ${a.attribute.Type} ${a.attribute.Cardinality}`);
    ctx.used?.add(name);
    return `s.${ident(name)}`;
  };
  const b = ctx.b;
  if (p.kind === 'present') return p.present ? col('present') : `NOT ${col('present')}`;
  const t = p.test;
  const one = p.shape === 'one';
  switch (t.kind) {
    case 'number-in':
      if (t.values.length === 0) return FALSE;
      return one ? `${col('num')} = ANY(${arr(b, t.values, 'float8')})` : overlaps(col('nums'), distinct(t.values), 'float8', ctx);
    case 'number-order': {
      const target = one ? col('num') : t.op === '<' || t.op === '<=' ? col('num-lo') : col('num-hi');
      return `${target} ${t.op} ${b.param(t.value)}::float8`;
    }
    case 'string-in': {
      const values = t.values.filter(pgHolds);
      return one ? stringEquals(col('str'), values, ctx) : keyedIn(col('str-keys'), col('str-long'), values.map((v) => keyedString(v, ctx.prefix)), ctx);
    }
    case 'string-order': {
      const target = one ? col('str') : t.op === '<' || t.op === '<=' ? col('str-lo') : col('str-hi');
      return stringOrder(target, t.op, t.value, ctx);
    }
    case 'boolean-in':
      if (t.values.length === 0) return FALSE;
      return one ? `${col('bool')} = ANY(${arr(b, t.values, 'boolean')})` : `${col('bools')} && ${arr(b, t.values, 'boolean')}`;
    case 'id-in': {
      const values = t.strings.filter(pgHolds);
      return one ? stringEquals(col('str'), values, ctx) : keyedIn(col('str-keys'), col('str-long'), values.map((v) => keyedString(v, ctx.prefix)), ctx);
    }
    case 'element-in': {
      // Typed keys: `s:` strings (cut like any string key), `n:` numbers, `b:` booleans.
      const cands = t.values.flatMap((v): Keyed[] => {
        if (typeof v === 'string') return pgHolds(v) ? [keyedString(v, ctx.prefix, 's:')] : [];
        const k = typeof v === 'number' ? 'n:' + String(v === 0 ? 0 : v) : 'b:' + String(v);
        return [{ key: k, whole: k, cut: false }];
      });
      return keyedIn(col('elem-keys'), col('elem-long'), cands, ctx);
    }
    case 'text':
      return textMatch(t, col('terms'), col('tokens'), ctx);
    default:
      return assertNever(t, 'value test');
  }
}
