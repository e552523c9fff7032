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
  private readonly itemsOf = new Map<string, readonly unknown[]>();

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
    this.itemsOf.clear();
  }

  /** The paths of every file read so far (to tell whether a watched change concerns us). */
  knownFiles(): string[] {
    return [...this.files.keys()];
  }

  /** The catalog and sample of the document at `uri`. */
  forDocument(uri: string): DocumentSources {
    if (this.client.catalog !== undefined) return this.resolve(this.client, this.clientBase, 'the client settings (initializationOptions.catalog)');
    const path = filePath(uri);
    const config = path ? this.findConfig(dirname(path)) : undefined;
    if (config) {
      const file = this.readJson(config);
      if (file.problem) return { problem: file.problem, origin: config };
      const value = file.value;
      if (value === null || typeof value !== 'object' || Array.isArray(value) || !('catalog' in value)) {
        return { problem: `${config} has no "catalog" (a path or the catalog object)`, origin: config };
      }
      return this.resolve(value as SourceSettings, dirname(config), config);
    }
    if (this.cli.catalog !== undefined) return this.resolve(this.cli, process.cwd(), '--catalog');
    return { problem: `no catalog: give initializationOptions.catalog, a ${CONFIG_FILE} next to the document or above it, or catq lsp --catalog FILE` };
  }

  private resolve(settings: SourceSettings, base: string, origin: string): DocumentSources {
    const c = this.catalogFrom(settings.catalog, base);
    if (!c.catalog) return { origin, problem: c.problem ?? 'no catalog' };
    const items = this.itemsFrom(settings.items, base);
    return items ? { catalog: c.catalog, items, origin } : { catalog: c.catalog, origin };
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

  private itemsFrom(given: unknown, base: string): readonly unknown[] | undefined {
    if (Array.isArray(given)) return given;
    if (typeof given !== 'string') return undefined;
    const path = resolve(base, given);
    let items = this.itemsOf.get(path);
    if (!items) {
      items = readSample(path);
      this.itemsOf.set(path, items);
      this.files.set(path, {});
    }
    return items;
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

/** The first {@link SAMPLE_LIMIT} items of an NDJSON file or a JSON array file; bad lines are skipped. */
function readSample(path: string): readonly unknown[] {
  let text: string;
  try {
    text = readText(path);
  } catch {
    return [];
  }
  if (/^\s*\[/.test(text)) {
    try {
      const all = JSON.parse(text) as unknown;
      return Array.isArray(all) ? all.slice(0, SAMPLE_LIMIT) : [];
    } catch {
      return [];
    }
  }
  const out: unknown[] = [];
  let start = 0;
  while (out.length < SAMPLE_LIMIT && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (!line) continue;
    try {
      out.push(JSON.parse(line) as unknown);
    } catch {
      // A bad line of a sample is skipped: the sample only feeds completion.
    }
  }
  return out;
}
