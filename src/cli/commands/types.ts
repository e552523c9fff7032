import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { withoutBom } from '../../text/bom.js';
import { loadCatalog, type Catalog } from '../../catalog/index.js';
import { hasErrors } from '../../diagnostics/index.js';
import { readCatalogFile } from '../catalog-file.js';
import { catalogModule, DEFAULT_EXPORT_NAME, isExportName, type ModuleOrigin } from '../catalog-module.js';
import { eprintln, type CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { catalogIdOption, checkCatalogFileOption, fetchCatalog, openService, serviceUrl, type ServiceOptions } from '../service.js';
import { packageVersion } from '../version.js';
import { shellWord } from '../shell-word.js';
import { terminalText } from '../terminal-text.js';
import { fileError } from '../read-input.js';

/** Options of `catq types`. */
interface TypesOptions extends ServiceOptions {
  /** A catalog file; with `--service`, a catalog id. */
  readonly catalog?: string;
  readonly out?: string;
  readonly name?: string;
  readonly check?: boolean;
}

/**
 * `catq types`: writes a TypeScript module exporting the catalog through `defineCatalog` (from a
 * catalog file, or read from a live service with Get Catalog), so that `queryBuilder` is typed
 * against the real catalog. The text depends only on the catalog and the command.
 */
export default async function types(_arg: undefined, options: TypesOptions, ctx: CliContext): Promise<number> {
  const name = options.name ?? DEFAULT_EXPORT_NAME;
  if (!isExportName(name)) {
    throw new CliError(`--name ${JSON.stringify(name)} cannot name the exported constant.`, { fix: 'give an ASCII identifier that is not a reserved word, for example --name shopCatalog.' });
  }
  if (options.catalog === undefined) {
    throw new CliError(options.service === undefined ? 'catq types needs a catalog: --catalog FILE, or --service URL --catalog ID.' : '--service needs the id of the catalog: --catalog ID.', {
      fix: 'for example: catq types --catalog catalog.json --out src/catalog.ts',
    });
  }
  if (options.check && (options.out === undefined || options.out === '-')) {
    throw new CliError('--check compares the module with the file of --out, and there is no --out.', { fix: 'add --out with the generated file, for example --out src/catalog.ts --check.' });
  }
  if (options.service === undefined && (options.apiKeyFile !== undefined || options.apiKey !== undefined)) {
    throw new CliError('an API key is only used with --service.', { fix: 'add --service URL to read the catalog from the service, or drop the key option.' });
  }
  const { catalog, origin } = options.service !== undefined ? await liveCatalog(options.service, options.catalog, options, name) : await fileCatalog(options.catalog, options, name, ctx);
  const text = catalogModule(catalog, name, origin);
  if (options.check) return checkUpToDate(options.out, text, catalog, ctx);
  if (options.out === undefined || options.out === '-') {
    ctx.stdout.write(text);
    return EXIT.ok;
  }
  await writeAtomically(options.out, text);
  eprintln(ctx, `wrote ${terminalText(options.out)} (catalog ${catalog.Id}, ${catalog.SearchableAttributes?.length ?? 0} searchable attributes)`);
  return EXIT.ok;
}

async function fileCatalog(file: string, options: TypesOptions, name: string, ctx: CliContext): Promise<{ catalog: Catalog; origin: ModuleOrigin }> {
  checkCatalogFileOption(file);
  // types has no sample default: the fixes must not offer it.
  const { catalog, warnings } = await readCatalogFile(file, ctx.colorErr, { sample: false });
  eprintln(ctx, warnings);
  const command = ['catq', 'types', '--catalog', file, ...outAndName(options, name)];
  return { catalog, origin: { command: command.map(shellWord).join(' '), from: `the file ${shellWord(file)}`, version: packageVersion() } };
}

async function liveCatalog(url: string, id: string, options: TypesOptions, name: string): Promise<{ catalog: Catalog; origin: ModuleOrigin }> {
  serviceUrl(url);
  const catalogId = catalogIdOption(id);
  const service = await openService(options);
  const sent = await fetchCatalog(service, catalogId);
  const { catalog, diagnostics } = loadCatalog(sent);
  if (!catalog || hasErrors(diagnostics)) {
    const first = diagnostics.find((d) => d.severity === 'error');
    throw new CliError(`the service at ${service.url} sent catalog ${catalogId}, but it is not a valid catalog${first ? ` (${first.path ?? ''}: ${first.message})` : ''}.`, {
      exitCode: EXIT.serviceRefused,
      fix: 'tell the operator of the service; catq cannot type queries against this catalog.',
    });
  }
  const shown = service.url;
  const command = ['catq', 'types', '--service', shown, '--catalog', String(catalogId), ...outAndName(options, name)];
  return { catalog, origin: { command: command.map(shellWord).join(' '), from: `the service at ${shown} (Get Catalog)`, version: packageVersion() } };
}

/**
 * `--check`: exit 0 when the file holds exactly the module the catalog gives now, its header
 * comment aside, else exit 1 with the lines that differ (each attribute is one line, so they name
 * what changed in the catalog). The header says which catq wrote the file and with what command
 * (`--out gen/x.ts` or `./gen/x.ts`, a file or the service): none of that changes the types.
 */
async function checkUpToDate(out: string | undefined, text: string, catalog: Catalog, ctx: CliContext): Promise<number> {
  const file = out as string;
  let old: string;
  try {
    old = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // Missing: out of date (exit 1, as the docs say). Anything else (a directory, no permission) is
    // a wrong --out, not a module to regenerate: a usage error naming the problem in words.
    if (code !== 'ENOENT') throw fileError(file, { what: 'module', option: '--out' }, e);
    throw new CliError(`cannot read "${file}" to check it (no such file).`, { exitCode: EXIT.unsafe, fix: 'run the same command without --check to write it.' });
  }
  // An editor may have saved it with a byte order mark, and git on Windows with CRLF line ends:
  // the same module all the same.
  old = withoutHeader(withoutBom(old).replace(/\r\n/g, '\n'));
  text = withoutHeader(text);
  if (old === text) {
    eprintln(ctx, `${terminalText(file)} is up to date with catalog ${catalog.Id}`);
    return EXIT.ok;
  }
  const before = new Set(old.split('\n'));
  const after = new Set(text.split('\n'));
  const changes = [...[...before].filter((l) => !after.has(l)).map((l) => `  - ${l.trim()}`), ...[...after].filter((l) => !before.has(l)).map((l) => `  + ${l.trim()}`)];
  const shown = changes.slice(0, 20).join('\n') + (changes.length > 20 ? `\n  ... and ${changes.length - 20} more lines` : '');
  throw new CliError(`${file} is out of date: catalog ${catalog.Id} has changed since it was generated.`, {
    exitCode: EXIT.unsafe,
    detail: shown,
    fix: 'run the same command without --check to write it again, then fix what the type checker reports.',
  });
}

/** The module without its header comment (the `//` lines it starts with). */
function withoutHeader(text: string): string {
  return text.replace(/^(?:\/\/[^\n]*\n)*/, '');
}

function outAndName(options: TypesOptions, name: string): string[] {
  return [...(options.out !== undefined && options.out !== '-' ? ['--out', options.out] : []), ...(name !== DEFAULT_EXPORT_NAME ? ['--name', name] : [])];
}

/** Writes through a temporary file and a rename, so that a failed run never leaves half a module. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const target = resolve(path);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(temp, text);
    await rename(temp, target);
  } catch (e) {
    await rm(temp, { force: true }).catch(() => undefined);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') throw new CliError(`cannot write "${path}": it is a directory.`, { fix: 'give --out the path of the module file, for example --out src/catalog.ts.' });
    throw new CliError(`cannot write "${path}" (${code ?? String(e)}).`, { fix: 'check that the directory exists and can be written, or leave --out out to print the module.' });
  }
}
