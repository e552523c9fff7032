/**
 * fast-check arbitraries for messy raw item data (shared by the evaluator, SQL and Mongo property
 * tests; keep the exports stable).
 *
 * Values are drawn from a small pool of nasty scalars (so that items land near query values and
 * clauses actually match) and wrapped in every shape the data can take: bare scalars, arrays where
 * scalars are declared, mixed arrays, arrays of arrays, objects, `null`, and anything at all.
 */
import fc from 'fast-check';

/** Numbers that break naive code: -0, the extremes of doubles, integers beyond 2^53, 1e21 (prints as 1e+21). */
export const NASTY_NUMBERS: readonly number[] = [0, -0, 1, 5, -1.5, 2.5, 10, 1e308, -1e308, 5e-324, 1e21, 2 ** 53 + 2, -7];

/** Strings that break naive code: astral vs U+FFFx (code point order), case twins, numeric text, prototype keys. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  'a',
  'ab',
  'abc',
  'Abc',
  'ABC',
  '5',
  '5.0',
  '1e+21',
  '-0',
  '0',
  '\u{1F600}',
  '\uFFFD',
  '\uFFFF',
  '\uE000',
  'k-\u{1F600}',
  '__proto__',
  'constructor',
  'caf\u00e9',
  'cafe\u0301',
  '\u0130stanbul',
  'red shoe',
  'Red running Shoe',
];

/** Words for text values (letters, marks, digits, astral letters, the Turkish dotted I). */
export const TEXT_WORDS: readonly string[] = ['red', 'Red', 'SHOE', 'shoe', 'shoes', 'blue', 'caf\u00e9', 'cafe\u0301', 'x200', '2024', '\u0130stanbul', 'istanbul', '\u{1D4B3}', 'na\u00efve', 'key', '\u212Aey', '\u017Fhoe', '\u03a3\u03a3'];

/** Separators for text values (emoji and punctuation separate tokens too). */
export const TEXT_SEPARATORS: readonly string[] = [' ', '&', ', ', '-', '  ', ' \u{1F600} ', '/', '.'];

/** A number from the nasty pool, or any double (never NaN or infinite: JSON has none). */
export const numberArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -20, max: 20 }) },
);

/** Text made of pool words and separators (always has at least one token). */
export const textArb: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...TEXT_WORDS), fc.constantFrom(...TEXT_SEPARATORS)), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([w, s], i) => (i === parts.length - 1 ? w : w + s)).join(''));

/** A string from the nasty pool, a text, or any string (full Unicode, astral included). */
export const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: textArb },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);

/** A JSON scalar (null included). */
export const scalarArb: fc.Arbitrary<null | boolean | number | string> = fc.oneof(
  { weight: 3, arbitrary: numberArb },
  { weight: 3, arbitrary: stringArb },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/**
 * A messy raw value: a scalar, an array of scalars (mixed types), an array of arrays, an object,
 * or anything fast-check can make (deep JSON). Arrays and scalars dominate so that clauses match.
 */
export const rawValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalarArb },
  { weight: 3, arbitrary: fc.array(scalarArb, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.array(fc.array(scalarArb, { maxLength: 3 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(scalarArb, fc.array(scalarArb, { maxLength: 2 })), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'b'), scalarArb, { maxKeys: 2 }).map(ownCopy) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** An item id: a number or a string (unique per case by `String(id)`, so `5` and `"5"` never both occur). */
export const idArb: fc.Arbitrary<string | number> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -30, max: 300 }) },
  { weight: 1, arbitrary: fc.constantFrom(-0, 1.5, 1e21, 5e-324, -1e308) },
  { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'B', 'k-\u{1F600}', 'k-\uFFFD', 'k-\uFFFF', '', '__proto__', 'x/y', '10', 'z') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 5 }) },
);

/**
 * Builds a plain object from entries with every key as an OWN property (a key `__proto__` becomes
 * an own key, as JSON.parse would make it, instead of changing the prototype).
 */
export function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

function ownCopy(o: Record<string, unknown>): Record<string, unknown> {
  return ownObject(Object.entries(o));
}

/**
 * A value near `hints` (values a query compares with): the value itself, inside an array with
 * junk, nested one level deeper, or changed slightly (upper-cased, as text, as a number).
 */
export function nearValueArb(hints: readonly unknown[]): fc.Arbitrary<unknown> {
  const hint = fc.constantFrom(...hints);
  const variant = hint.map((h) => (typeof h === 'string' ? (Number.isFinite(Number(h)) && h !== '' ? Number(h) : h.toUpperCase()) : typeof h === 'number' ? String(h) : h));
  return fc.oneof(
    { weight: 4, arbitrary: hint },
    { weight: 2, arbitrary: fc.tuple(hint, scalarArb).map(([h, j]) => [j, h]) },
    { weight: 1, arbitrary: hint.map((h) => [[h]]) },
    { weight: 1, arbitrary: fc.tuple(hint, scalarArb).map(([h, j]) => [[j], h]) },
    { weight: 1, arbitrary: variant },
    { weight: 1, arbitrary: hint.chain((h) => (typeof h === 'string' ? fc.tuple(textArb).map(([t]) => `${t} ${h}`) : fc.constant(h))) },
  );
}

/** Options of {@link itemsArb}. */
export interface ItemsOptions {
  readonly maxLength?: number;
  readonly minLength?: number;
  /** Values to land near, per raw key (from the query's clauses). */
  readonly hints?: ReadonlyMap<string, readonly unknown[]>;
}

/**
 * Raw items with unique ids at `idKey` and messy values at some of `keys` (each key present with
 * probability about 3/4); extra keys (`__proto__`, `constructor`, `other`) appear sometimes.
 */
export function itemsArb(idKey: string, keys: readonly string[], options: ItemsOptions = {}): fc.Arbitrary<Record<string, unknown>[]> {
  const extra = ['__proto__', 'constructor', 'other'];
  const all = [...new Set([...keys, ...extra])].filter((k) => k !== idKey);
  const valueOf = (k: string): fc.Arbitrary<unknown> => {
    const h = options.hints?.get(k);
    return h && h.length ? fc.oneof({ weight: 1, arbitrary: rawValueArb }, { weight: 2, arbitrary: nearValueArb(h) }) : rawValueArb;
  };
  const valueEntries = fc.tuple(...all.map((k) => fc.option(valueOf(k), { freq: keys.includes(k) ? 4 : 1, nil: undefined }).map((v) => [k, v] as const)));
  return fc
    .uniqueArray(fc.tuple(idArb, all.length ? valueEntries : fc.constant([] as (readonly [string, unknown])[])), {
      minLength: options.minLength ?? 0,
      maxLength: options.maxLength ?? 25,
      selector: ([id]) => String(id),
    })
    .map((rows) =>
      rows.map(([id, entries]) =>
        ownObject([[idKey, id], ...(entries as readonly (readonly [string, unknown])[]).filter(([, v]) => v !== undefined)]),
      ),
    );
}
