import { loadCatalog, type Catalog } from '../catalog/index.js';
import { hasErrors, renderDiagnostics, type Diagnostic } from '../diagnostics/index.js';
import { CliError } from './exit-codes.js';
import { defaultCatalogPath } from './paths.js';
import { readJsonFile, type FileRole } from './read-input.js';

const ROLE: FileRole = {
  what: 'catalog',
  option: '--catalog',
  missingFix: 'check the path given to --catalog, or leave --catalog out to use the sample catalog (examples/catalog.json).',
};
/** The role of `--catalog` in the commands that have no sample default (`types`, `lsp`). */
const ROLE_WITHOUT_SAMPLE: FileRole = { what: 'catalog', option: '--catalog', missingFix: 'check the path given to --catalog.' };

/** A checked catalog and where it came from. */
export interface CatalogFile {
  readonly catalog: Catalog;
  readonly path: string;
  /** Rendered warnings (unknown keys, ...) to show on standard error; empty when none. */
  readonly warnings: string;
}

/**
 * Reads and checks the catalog file (the sample catalog when `path` is undefined). A missing
 * file, invalid JSON or a catalog with errors is a {@link CliError} (exit 2) whose detail renders
 * every problem with the file name, line, caret and JSON path. `sample: false` for the commands
 * without the sample default, whose fixes then do not offer it.
 */
export async function readCatalogFile(path: string | undefined, color: boolean, { sample = true }: { sample?: boolean } = {}): Promise<CatalogFile> {
  const file = path ?? defaultCatalogPath();
  const { value, text } = await readJsonFile(file, sample ? ROLE : ROLE_WITHOUT_SAMPLE);
  const r = loadCatalog(value);
  const catalog = r.catalog;
  if (!catalog || hasErrors(r.diagnostics)) {
    const errors = r.diagnostics.filter((d) => d.severity === 'error').length;
    throw new CliError(`the catalog file "${file}" is not a valid catalog (${errors} ${errors === 1 ? 'error' : 'errors'}).`, {
      detail: await renderWithSpans(r.diagnostics, text, file, color),
      fix: `correct the catalog as each message says (the JSON path names the place)${sample ? ', or leave --catalog out to use the sample catalog' : ''}.`,
    });
  }
  const warnings = r.diagnostics.length ? await renderWithSpans(r.diagnostics, text, file, color) : '';
  return { catalog, path: file, warnings };
}

/**
 * Catalog diagnostics carry JSON pointers into the catalog; locate each in the file text so
 * the rendering shows the line and a caret (jsonc-parser, loaded only when there is something to show).
 */
async function renderWithSpans(diagnostics: readonly Diagnostic[], text: string, file: string, color: boolean): Promise<string> {
  const { parseTree, findNodeAtLocation } = await import('jsonc-parser');
  const root = parseTree(text);
  const located = diagnostics.map((d) => {
    if (d.span || d.path === undefined || !root) return d;
    const segments = d.path === '' ? [] : d.path.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node = findNodeAtLocation(root, segments.map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s)));
    // A missing key: point at the object that should hold it.
    for (let n = segments.length - 1; !node && n >= 0; n--) {
      node = findNodeAtLocation(root, segments.slice(0, n).map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s)));
    }
    if (!node) return d;
    // Point at the key of a property value (short and clear); a container without a key at its
    // opening bracket only (a whole object would span many lines); a scalar at itself.
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    const container = node.type === 'object' || node.type === 'array';
    const target = container && key ? key : node;
    const length = container && !key ? 1 : Math.min(target.length, 80);
    return { ...d, span: { start: target.offset, end: target.offset + length } };
  });
  // Add the JSON path to each block's location line, which renderDiagnostics omits when there is a span.
  return located
    .map((d) => {
      const block = renderDiagnostics([d], text, { color, fileName: file });
      return d.path !== undefined && d.span ? block.replace(/(-->[^\n]*)/, `$1 (at ${d.path === '' ? '/' : d.path})`) : block;
    })
    .join('\n\n');
}
