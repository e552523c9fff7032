import { existsSync } from 'node:fs';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { packageVersion } from '../version.js';

/** Options of `catq lsp`. */
interface LspOptions {
  readonly stdio?: boolean;
  readonly catalog?: string;
  readonly items?: string;
}

/**
 * `catq lsp --stdio [--catalog FILE] [--items FILE]`: the language server, over standard input
 * and output, until the client sends `exit`. The server (and vscode-languageserver) is loaded
 * only here.
 */
export default async function lsp(_query: string | undefined, options: LspOptions, _ctx: CliContext): Promise<number> {
  if (!options.stdio) {
    throw new CliError('catq lsp talks the Language Server Protocol over standard input and output only.', {
      fix: 'run `catq lsp --stdio` (editors start it so; see docs/editors.md).',
    });
  }
  for (const [flag, file] of [['--catalog', options.catalog], ['--items', options.items]] as const) {
    if (file !== undefined && !existsSync(file)) throw new CliError(`the file "${file}" given to ${flag} does not exist.`, { fix: `check the path given to ${flag}.` });
  }
  const { startServer } = await import('../../lsp/index.js');
  startServer({ ...(options.catalog !== undefined ? { catalog: options.catalog } : {}), ...(options.items !== undefined ? { items: options.items } : {}), version: packageVersion() });
  // The server keeps the process alive and exits it on the client's `exit` notification.
  return EXIT.ok;
}
