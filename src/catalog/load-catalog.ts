// Hand-written rather than a schema library. Measured with `node -e` (performance.now around
// require): valibot costs ~8 ms to load and zod is not installed, against a start-up budget of
// ~10 ms for everything a decode/evaluate program imports. Catalog rules also do not map 1:1 to a
// schema library's issues (Text cardinality, duplicate names, unknown keys as warnings, our own
// codes and JSON pointer paths), so a mapping layer would be about as long as the checks.
import { deepFreeze, type JsonValue } from '../ast/index.js';
import { checkedCatalogs } from './checked-catalogs.js';
import { describeValue, hasErrors, type Diagnostic } from '../diagnostics/index.js';
import { diagnostic } from '../diagnostics/core-diagnostic.js';
import { firstHole, ObjectReader } from './object-reader.js';
import type {
  Aliases,
  Catalog,
  CatalogConfiguration,
  SearchableAttribute,
  SourceConfiguration,
  UIConfiguration,
} from './types.js';

/** What {@link loadCatalog} returns. */
export interface LoadCatalogResult {
  /** The checked catalog (known keys only, deep-frozen); present exactly when there is no error. */
  readonly catalog?: Catalog;
  /** Every problem found, each with a JSON pointer `path` into the given object. */
  readonly diagnostics: Diagnostic[];
}

/**
 * Checks an untrusted, already-parsed catalog against every constraint of the interface's
 * Catalog (full form) and returns it typed. All problems are reported at once; keys the
 * interface does not define are warnings and are left out of the result. Never throws.
 *
 * ```ts
 * const { catalog, diagnostics } = loadCatalog(JSON.parse(text));
 * ```
 */
export function loadCatalog(json: unknown): LoadCatalogResult {
  const diagnostics: Diagnostic[] = [];
  let catalog: Catalog | undefined;
  try {
    catalog = readCatalog(json, diagnostics);
  } catch {
    // Only a getter or proxy that throws can get here: plain parsed JSON never does.
    diagnostics.push(diagnostic('catalog/not-an-object', { found: 'a value that cannot be read (a getter or proxy threw)' }, { path: '' }));
    catalog = undefined;
  }
  if (!catalog || hasErrors(diagnostics)) return { diagnostics };
  const frozen = deepFreeze(catalog as unknown as JsonValue) as unknown as Catalog;
  checkedCatalogs.add(frozen);
  return { catalog: frozen, diagnostics };
}

const CATALOG_KEYS = ['Id', 'Name', 'Type', 'Aliases', 'SearchableAttributes', 'UIConfiguration', 'Configuration'];

function readCatalog(json: unknown, diagnostics: Diagnostic[]): Catalog | undefined {
  const r = ObjectReader.of(json, '', diagnostics);
  if (!r) return undefined;
  r.unknownKeys(CATALOG_KEYS);
  const Id = r.number('Id', true, 100);
  const Name = r.string('Name', true, 100);
  const Type = r.oneOf('Type', true, ['Product'] as const);
  const aliases = r.get('Aliases', true);
  const Aliases = aliases === undefined && !r.has('Aliases') ? undefined : readAliases(aliases, r.at('Aliases'), diagnostics);
  const out: { -readonly [K in keyof Catalog]: Catalog[K] } = { Id: Id ?? 0, Name: Name ?? '', Type: Type ?? 'Product', Aliases: Aliases ?? { Id: '' } };
  if (r.has('SearchableAttributes')) {
    const attrs = readArray(r, 'SearchableAttributes', readAttribute);
    if (attrs) {
      checkDuplicates(attrs, r.at('SearchableAttributes'), diagnostics);
      out.SearchableAttributes = attrs.filter((a): a is SearchableAttribute => a !== undefined);
    }
  }
  if (r.has('UIConfiguration')) {
    const ui = readArray(r, 'UIConfiguration', readUiEntry);
    if (ui) out.UIConfiguration = ui.filter((u): u is UIConfiguration => u !== undefined);
  }
  if (r.has('Configuration')) {
    const conf = readConfiguration(r.obj['Configuration'], r.at('Configuration'), diagnostics);
    if (conf) out.Configuration = conf;
  }
  return out;
}

type ElementReader<T> = (v: unknown, path: string, diagnostics: Diagnostic[]) => T | undefined;

/** An array field whose elements are read one by one (undefined where an element failed). */
function readArray<T>(r: ObjectReader, key: string, read: ElementReader<T>): (T | undefined)[] | undefined {
  const v = r.obj[key];
  if (!Array.isArray(v)) return r.wrongType(key, 'an array', v);
  const hole = firstHole(v);
  if (hole >= 0) return r.wrongType(key, 'an array without holes', `a sparse array (nothing at index ${hole})`, true);
  const diagnostics: Diagnostic[] = [];
  const out = (v as unknown[]).map((item, i) => read(item, `${r.at(key)}/${i}`, diagnostics));
  for (const d of diagnostics) r.report(d);
  return out;
}

const ID_NAME = ['Id', 'Name'] as const;
const CATEGORY = ['Id', 'Name', 'Categories'] as const;

function readAliases(v: unknown, path: string, diagnostics: Diagnostic[]): Aliases | undefined {
  const r = ObjectReader.of(v, path, diagnostics);
  if (!r) return undefined;
  r.unknownKeys(['Id', 'Name', 'Image', 'Brand', 'Category', 'Merchant', 'Product']);
  const out: Record<string, unknown> = { Id: r.string('Id', true, 50) };
  for (const key of ['Name', 'Image']) {
    const s = r.string(key, false, 50);
    if (s !== undefined) out[key] = s;
  }
  for (const [key, fields] of [['Brand', ID_NAME], ['Category', CATEGORY], ['Merchant', ID_NAME], ['Product', ID_NAME]] as const) {
    if (!r.has(key)) continue;
    const g = ObjectReader.of(r.obj[key], r.at(key), diagnostics);
    if (!g) continue;
    g.unknownKeys(fields);
    const group: Record<string, string | undefined> = {};
    for (const f of fields) group[f] = g.string(f, true, 50);
    out[key] = group;
  }
  return out as unknown as Aliases;
}

const GENERAL_TYPES = ['Array', 'Boolean', 'Number', 'Object', 'String'] as const;
const ALL_TYPES = ['Array', 'Boolean', 'Number', 'Object', 'String', 'Text', 'Referenced'] as const;
const CARDINALITIES = ['One', 'Many'] as const;

function readAttribute(v: unknown, path: string, diagnostics: Diagnostic[]): SearchableAttribute | undefined {
  const r = ObjectReader.of(v, path, diagnostics);
  if (!r) return undefined;
  const Attribute = r.string('Attribute', true, 50);
  const Type = r.oneOf('Type', true, ALL_TYPES);
  r.unknownKeys(Type === 'Referenced' || Type === undefined ? ['Attribute', 'Type', 'Cardinality', 'ReferenceId'] : ['Attribute', 'Type', 'Cardinality']);
  let Cardinality: 'One' | 'Many' | undefined;
  if (Type === 'Text' && r.has('Cardinality') && r.obj['Cardinality'] !== 'One') {
    r.report(diagnostic('catalog/text-cardinality', { attribute: Attribute ?? '' }, { path: r.at('Cardinality') }));
  } else Cardinality = r.oneOf('Cardinality', true, CARDINALITIES);
  const ReferenceId = Type === 'Referenced' ? r.number('ReferenceId', true, 100) : undefined;
  if (Attribute === undefined || Type === undefined || Cardinality === undefined) return undefined;
  if (Type === 'Referenced') return ReferenceId === undefined ? undefined : { Attribute, ReferenceId, Type, Cardinality };
  if (Type === 'Text') return { Attribute, Type, Cardinality: 'One' };
  return { Attribute, Type: Type satisfies (typeof GENERAL_TYPES)[number], Cardinality };
}

function checkDuplicates(attrs: readonly (SearchableAttribute | undefined)[], path: string, diagnostics: Diagnostic[]): void {
  const first = new Map<string, number>();
  attrs.forEach((a, i) => {
    if (!a) return;
    const seen = first.get(a.Attribute);
    if (seen === undefined) {
      first.set(a.Attribute, i);
      return;
    }
    diagnostics.push(
      diagnostic(
        'catalog/duplicate-attribute',
        { attribute: a.Attribute },
        { path: `${path}/${i}/Attribute`, related: [{ message: 'first declared here', path: `${path}/${seen}/Attribute` }] },
      ),
    );
  });
}

const UI_BOOLEANS = ['DisplayColumn', 'DisplayFilter', 'FilterByOne', 'FilterByRange', 'HideReferenceIds', 'Typeahead'] as const;
const UI_KEYS = ['Key', 'AllowedValues', 'AncestorsKey', 'Label', 'Order', ...UI_BOOLEANS];

function readUiEntry(v: unknown, path: string, diagnostics: Diagnostic[]): UIConfiguration | undefined {
  const r = ObjectReader.of(v, path, diagnostics);
  if (!r) return undefined;
  r.unknownKeys(UI_KEYS);
  const out: Record<string, unknown> = {};
  const put = (key: string, value: unknown): void => {
    if (value !== undefined) out[key] = value;
  };
  put('Key', r.string('Key', false, 50));
  if (r.has('AllowedValues')) put('AllowedValues', readAllowedValues(r));
  put('AncestorsKey', r.string('AncestorsKey', false));
  put('Label', r.string('Label', false));
  put('Order', r.number('Order', false));
  for (const key of UI_BOOLEANS) put(key, r.boolean(key));
  return out as UIConfiguration;
}

/** An array of numbers or an array of strings: the first element decides which. */
function readAllowedValues(r: ObjectReader): readonly number[] | readonly string[] | undefined {
  const v = r.obj['AllowedValues'];
  if (!Array.isArray(v)) return r.wrongType('AllowedValues', 'an array of numbers or of strings', v);
  const hole = firstHole(v);
  if (hole >= 0) return r.wrongType('AllowedValues', 'an array without holes', `a sparse array (nothing at index ${hole})`, true);
  // A copy: the result is frozen, and the caller's array stays theirs.
  const items = (v as unknown[]).slice();
  const kind = typeof items[0] === 'string' ? 'string' : 'number';
  let ok = true;
  items.forEach((item, i) => {
    const good = kind === 'string' ? typeof item === 'string' : typeof item === 'number' && Number.isFinite(item);
    if (good) return;
    ok = false;
    const expected = i === 0 ? 'a number or a string' : kind === 'string' ? 'a string, like the first value' : 'a number, like the first value';
    r.report(diagnostic('catalog/wrong-type', { expected, found: describeValue(item) }, { path: `${r.at('AllowedValues')}/${i}` }));
  });
  return ok ? (items as number[] | string[]) : undefined;
}

function readConfiguration(v: unknown, path: string, diagnostics: Diagnostic[]): CatalogConfiguration | undefined {
  const r = ObjectReader.of(v, path, diagnostics);
  if (!r) return undefined;
  r.unknownKeys(['Categories', 'Brands', 'Merchants']);
  const out: Record<string, SourceConfiguration> = {};
  for (const key of ['Categories', 'Brands', 'Merchants']) {
    if (!r.has(key)) continue;
    const s = ObjectReader.of(r.obj[key], r.at(key), diagnostics);
    if (!s) continue;
    const Source = s.oneOf('Source', true, ['ItemFields', 'Referenced'] as const);
    s.unknownKeys(Source === 'ItemFields' ? ['Source'] : ['Source', 'ReferenceId']);
    if (Source === 'Referenced') {
      const ReferenceId = s.number('ReferenceId', true, 100);
      if (ReferenceId !== undefined) out[key] = { Source, ReferenceId };
    } else if (Source === 'ItemFields') out[key] = { Source };
  }
  return out;
}
