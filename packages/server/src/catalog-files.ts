import { readFile } from 'node:fs/promises';
import { hasErrors, loadCatalog, renderDiagnostics, type Catalog } from 'catq';
import { StartError } from './start-error.js';

/** The text of a file without the byte order mark an editor may have put first (as catq's CLI reads files). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Options of {@link readCatalogs}. */
export interface ReadCatalogsOptions {
  /** Called with each file's warnings, rendered with their places (keys that are ignored, say). */
  readonly onWarnings?: (rendered: string) => void;
}

/**
 * Reads and checks the catalog files; every problem of every file is in the error. A file with
 * warnings only is read, and its warnings go to `onWarnings` (the service prints them on start).
 */
export async function readCatalogs(files: readonly string[], options: ReadCatalogsOptions = {}): Promise<Catalog[]> {
  const out: Catalog[] = [];
  const problems: string[] = [];
  for (const file of files) {
    let text: string;
    let json: unknown;
    try {
      text = withoutBom(await readFile(file, 'utf8'));
    } catch (e) {
      problems.push(`cannot read the catalog file "${file}": ${(e as Error).message}`);
      continue;
    }
    try {
      json = JSON.parse(text);
    } catch (e) {
      problems.push(`the catalog file "${file}" is not JSON: ${(e as Error).message}`);
      continue;
    }
    const r = loadCatalog(json);
    if (!r.catalog || hasErrors(r.diagnostics)) {
      problems.push(`the catalog file "${file}" is not a valid catalog:\n${renderDiagnostics(r.diagnostics.filter((d) => d.severity === 'error'), text, { fileName: file })}`);
      continue;
    }
    const warnings = r.diagnostics.filter((d) => d.severity !== 'error');
    if (warnings.length) options.onWarnings?.(renderDiagnostics(warnings, text, { fileName: file }));
    if (out.some((c) => c.Id === r.catalog?.Id)) problems.push(`the catalog file "${file}" repeats catalog id ${r.catalog.Id}.`);
    out.push(r.catalog);
  }
  if (problems.length) throw new StartError(problems.join('\n\n'));
  return out;
}
