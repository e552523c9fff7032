/**
 * Where the language server gets the catalog (and the optional sample of items) of a document,
 * in this order:
 *
 * 1. the client's settings: `initializationOptions` (or later `workspace/didChangeConfiguration`
 *    `settings.catq`), `{ catalog?: path | object, items?: path | array }`;
 * 2. a `catq.config.json` found in the document's folder or the nearest folder above it,
 *    `{ "catalog": path | object, "items"?: path }` (paths relative to that file);
 * 3. the command line, `catq lsp --stdio --catalog FILE [--items FILE]`.
 *
 * Files are read once and kept until {@link Sources.forget} (a watched file changed).
 *
 * A catalog that cannot be used is the `problem` of a document (the server says so once and
 * checks only the syntax). A sample file that cannot be used, whole or in part (missing,
 * unreadable, not JSON, NDJSON lines that are not JSON), is a `warning`: the catalog still
 * works, completion only proposes fewer sample values, and the server says once, each time the
 * file is read, which file, what is wrong and what to do.
 */
import { existsSync, readFileSync } from 'node:fs';
import { withoutBom } from '../text/bom.js';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalog, type Catalog } from '../catalog/index.js';
import { hasErrors } from '../diagnostics/index.js';

/** What a client or a config file says. */
export interface SourceSettings {
  /** A catalog file path, or the catalog object itself. */
  readonly catalog?: unknown;
  /** A file of raw items (NDJSON, or a JSON array), or the items themselves. */
  readonly items?: unknown;
}

/** The catalog and sample of one document, or why there is none. */
export interface DocumentSources {
  readonly catalog?: Catalog;
  readonly items?: readonly unknown[];
  /** Where the catalog came from (a path, `initializationOptions`, ...), for messages. */
  readonly origin?: string;
  /** Why the catalog could not be used. */
  readonly problem?: string;
  /**
   * What could not be used of the sample of items, one sentence or two each, naming the file and
   * the fix (the same messages for as long as the file is kept: see {@link Sources.forget}).
   */
  readonly warnings?: readonly string[];
}

/** A sample of items as read, with what could not be used of it. */
interface Sample {
  readonly items: readonly unknown[];
  readonly warnings: readonly string[];
}

/** The name of the per-project configuration file. */
export const CONFIG_FILE = 'catq.config.json';

/** At most this many items of a sample file are read. */
export const SAMPLE_LIMIT = 1000;

/** Resolves and caches the sources of documents. */
export class Sources {
  private client: SourceSettings = {};
  private clientBase = process.cwd();
  private readonly files = new Map<string, { value?: unknown; problem?: string }>();
  private readonly configs = new Map<string, string | null>();
  private readonly catalogs = new WeakMap<object, { catalog?: Catalog; problem?: string }>();
  private readonly samples = new Map<string, Sample>();

  constructor(private readonly cli: { readonly catalog?: string; readonly items?: string } = {}) {}

  /** Sets the client's settings (relative paths are read from `base`, the workspace folder). */
  setClient(settings: SourceSettings, base?: string): void {
    this.client = settings;
    if (base) this.clientBase = base;
  }

  /** Drops every file read (a catalog, sample or config file changed). */
  forget(): void {
    this.files.clear();
    this.configs.clear();
    this.samples.clear();
  }

  /** The paths of every file read so far (to tell whether a watched change concerns us). */
  knownFiles(): string[] {
    return [...this.files.keys()];
  }

  /** The catalog and sample of the document at `uri`. */
  forDocument(uri: string): DocumentSources {
    if (this.client.catalog !== undefined) return this.resolve(this.client, this.clientBase, 'the client settings (initializationOptions.catalog)', '"items" of the client settings');
    const path = filePath(uri);
    const config = path ? this.findConfig(dirname(path)) : undefined;
    if (config) {
      const file = this.readJson(config);
      if (file.problem) return { problem: file.problem, origin: config };
      const value = file.value;
      if (value === null || typeof value !== 'object' || Array.isArray(value) || !('catalog' in value)) {
        return { problem: `${config} has no "catalog" (a path or the catalog object)`, origin: config };
      }
      return this.resolve(value as SourceSettings, dirname(config), config, `"items" in ${config}`);
    }
    if (this.cli.catalog !== undefined) return this.resolve(this.cli, process.cwd(), '--catalog', '--items');
    return { problem: `no catalog: give initializationOptions.catalog, a ${CONFIG_FILE} next to the document or above it, or catq lsp --catalog FILE` };
  }

  /** `setting` names where `items` was given, for messages (`"items" in <folder>/catq.config.json`). */
  private resolve(settings: SourceSettings, base: string, origin: string, setting: string): DocumentSources {
    const c = this.catalogFrom(settings.catalog, base);
    if (!c.catalog) return { origin, problem: c.problem ?? 'no catalog' };
    const sample = this.itemsFrom(settings.items, base, setting);
    if (!sample) return { catalog: c.catalog, origin };
    return { catalog: c.catalog, items: sample.items, origin, ...(sample.warnings.length ? { warnings: sample.warnings } : {}) };
  }

  private catalogFrom(given: unknown, base: string): { catalog?: Catalog; problem?: string } {
    let value = given;
    let where = 'the catalog object';
    if (typeof given === 'string') {
      where = resolve(base, given);
      const file = this.readJson(where);
      if (file.problem) return { problem: file.problem };
      value = file.value;
    }
    if (value === null || typeof value !== 'object') return { problem: `${where} is not a catalog object` };
    const cached = this.catalogs.get(value);
    if (cached) return cached;
    const r = loadCatalog(value);
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    const out = r.catalog && !hasErrors(r.diagnostics) ? { catalog: r.catalog } : { problem: `${where} is not a valid catalog: ${errors.map((d) => `${d.path ?? ''} ${d.message}`).join('; ')}` };
    this.catalogs.set(value, out);
    return out;
  }

  private itemsFrom(given: unknown, base: string, setting: string): Sample | undefined {
    if (Array.isArray(given)) return { items: given, warnings: [] };
    if (given === undefined || given === null) return undefined;
    if (typeof given !== 'string') {
      return { items: [], warnings: [`${setting} must be the path of a sample file or an array of items, not ${kindOf(given)}; completion proposes no sample values.`] };
    }
    const path = resolve(base, given);
    let sample = this.samples.get(path);
    if (!sample) {
      sample = readSample(path, setting, isAbsolute(given) ? undefined : base);
      this.samples.set(path, sample);
      this.files.set(path, {});
    }
    return sample;
  }

  private readJson(path: string): { value?: unknown; problem?: string } {
    let entry = this.files.get(path);
    if (!entry) {
      try {
        entry = { value: JSON.parse(readText(path)) as unknown };
      } catch (e) {
        entry = { problem: `cannot read ${path}: ${(e as Error).message}` };
      }
      this.files.set(path, entry);
    }
    return entry;
  }

  private findConfig(dir: string): string | undefined {
    const seen: string[] = [];
    let found: string | null | undefined;
    for (let d = dir; ; d = dirname(d)) {
      found = this.configs.get(d);
      if (found !== undefined) break;
      seen.push(d);
      const candidate = join(d, CONFIG_FILE);
      if (existsSync(candidate)) {
        found = candidate;
        break;
      }
      if (dirname(d) === d) {
        found = null;
        break;
      }
    }
    for (const d of seen) this.configs.set(d, found ?? null);
    return found ?? undefined;
  }
}

/** The local path of a `file:` URI, or undefined for other schemes (untitled:, ...). */
export function filePath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    const p = fileURLToPath(uri);
    return isAbsolute(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

/** A UTF-8 file's text, without the byte order mark an editor may have put first. */
function readText(path: string): string {
  return withoutBom(readFileSync(path, 'utf8'));
}

/** At most this many bad lines of a sample file are named in its message; the rest are counted. */
const BAD_LINES_NAMED = 3;

/**
 * The first {@link SAMPLE_LIMIT} items of an NDJSON file or a JSON array file, and what could not
 * be used of it: a file that cannot be read or parsed is no items and one warning; bad NDJSON
 * lines are left out, and summed up in one warning (the first {@link BAD_LINES_NAMED} named).
 * `setting` says where the path was given, and `base` what it is relative to, for the fix.
 */
function readSample(path: string, setting: string, base?: string): Sample {
  const none = 'completion proposes no sample values';
  let text: string;
  try {
    text = readText(path);
  } catch (e) {
    return { items: [], warnings: [`cannot read the sample file ${path} (${fileErrorReason(e)}); ${none}. Check the path given as ${setting}${base ? ` (relative to ${base})` : ''}, or remove it.`] };
  }
  const shape = 'a JSON array of items, or NDJSON (one item a line)';
  if (/^\s*\[/.test(text)) {
    let all: unknown;
    try {
      all = JSON.parse(text) as unknown;
    } catch (e) {
      return { items: [], warnings: [`the sample file ${path} is not JSON (${jsonErrorReason(e)}); ${none}. Repair it (${setting}): ${shape}.`] };
    }
    // (Text that starts with "[" and parses is an array; kept for safety.)
    if (!Array.isArray(all)) return { items: [], warnings: [`the sample file ${path} holds ${kindOf(all)}, not a list of items; ${none}. Make it ${shape} (${setting}).`] };
    return { items: all.slice(0, SAMPLE_LIMIT), warnings: [] };
  }
  const out: unknown[] = [];
  const bad: { line: number; reason: string }[] = [];
  let start = 0;
  let lineNumber = 0;
  while (out.length < SAMPLE_LIMIT && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    lineNumber++;
    if (!line) continue;
    try {
      out.push(JSON.parse(line) as unknown);
    } catch (e) {
      // A bad line of a sample is left out (the sample only feeds completion), and told.
      bad.push({ line: lineNumber, reason: jsonErrorReason(e) });
    }
  }
  if (bad.length === 0) return { items: out, warnings: [] };
  // A whole file that is one JSON value over several lines (a pretty-printed object) is not NDJSON.
  if (out.length === 0) {
    let whole: unknown;
    try {
      whole = JSON.parse(text) as unknown;
    } catch {
      whole = undefined;
    }
    if (whole !== undefined) return { items: [], warnings: [`the sample file ${path} holds one JSON value over several lines, ${kindOf(whole)}, not a list of items; ${none}. Make it ${shape} (${setting}).`] };
  }
  const noneLeft = out.length === 0 ? `; ${none}` : '';
  if (bad.length === 1) {
    const only = bad[0] as { line: number; reason: string };
    return { items: out, warnings: [`the sample file ${path} line ${only.line} is not JSON (${only.reason}); that line is left out${noneLeft}. Repair or remove it (${setting}): NDJSON is one JSON item a line.`] };
  }
  const named = bad.slice(0, BAD_LINES_NAMED).map((b) => `line ${b.line} (${b.reason})`);
  const list = bad.length > BAD_LINES_NAMED ? `${named.join(', ')} and ${bad.length - BAD_LINES_NAMED} more` : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1] as string}`;
  return { items: out, warnings: [`the sample file ${path}: ${bad.length} lines are not JSON and are left out: ${list}${noneLeft}. Repair or remove them (${setting}): NDJSON is one JSON item a line.`] };
}

/** Node's message of a file error without the path it repeats: "ENOENT: no such file or directory". */
function fileErrorReason(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const syscall = (e as { syscall?: unknown }).syscall;
  const at = typeof syscall === 'string' ? e.message.lastIndexOf(`, ${syscall}`) : -1;
  return at > 0 ? e.message.slice(0, at) : e.message;
}

/** JSON.parse's message without the position (of a line or of a whole file, not of much use in a window message). */
function jsonErrorReason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.replace(/\s*(?:in JSON )?at position \d+(?: \(line \d+ column \d+\))?$/, '');
}

/** What a JSON value is, for messages: "a number", "an object". */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  return typeof v;
}
