/** A throw-away workspace for the language server tests: the sample catalog and items, a config. */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SAMPLE_CATALOG, SAMPLE_ITEMS } from '../cli/helpers.js';

export interface Workspace {
  readonly dir: string;
  readonly uri: string;
  readonly catalogPath: string;
  /** The file: URI of a document in the workspace. */
  doc(name: string): string;
  /** Rewrites the catalog file with `change` applied to the sample catalog. */
  changeCatalog(change: (catalog: Record<string, unknown>) => void): void;
  /** Deletes the folder. */
  remove(): void;
}

/** The sample catalog as an object, to change or to pass in initializationOptions. */
export function sampleCatalogObject(): Record<string, unknown> {
  return JSON.parse(readFileSync(SAMPLE_CATALOG, 'utf8')) as Record<string, unknown>;
}

/** A temp folder with catalog.json, items.ndjson and (when `config`) a catq.config.json naming them. */
export function workspace(config = true): Workspace {
  const dir = mkdtempSync(join(tmpdir(), 'catq-lsp-'));
  const catalogPath = join(dir, 'catalog.json');
  copyFileSync(SAMPLE_CATALOG, catalogPath);
  copyFileSync(SAMPLE_ITEMS, join(dir, 'items.ndjson'));
  if (config) writeFileSync(join(dir, 'catq.config.json'), JSON.stringify({ catalog: 'catalog.json', items: 'items.ndjson' }));
  return {
    dir,
    uri: pathToFileURL(dir).href,
    catalogPath,
    doc: (name) => pathToFileURL(join(dir, name)).href,
    changeCatalog(change) {
      const c = sampleCatalogObject();
      change(c);
      writeFileSync(catalogPath, JSON.stringify(c));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The LSP position of the first occurrence of `needle` in `text` (plus `delta` characters). */
export function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`${needle} is not in ${text}`);
  const before = text.slice(0, i + delta);
  const lines = before.split('\n');
  return { line: lines.length - 1, character: (lines[lines.length - 1] as string).length };
}

/** The capabilities a typical editor announces. */
export const CLIENT_CAPABILITIES = {
  workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, configuration: true },
  textDocument: {
    publishDiagnostics: { relatedInformation: true, versionSupport: true, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true, dataSupport: true },
    completion: { completionItem: { snippetSupport: false } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
  },
};
