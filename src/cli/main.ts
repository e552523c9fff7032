#!/usr/bin/env node
// The `catq` command line. This file only declares the commands (commander); each command's
// code, and the stages it needs, are loaded with a dynamic import() when that command runs, so a
// call costs little more than starting node.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { EXIT, EXIT_HELP } from './exit-codes.js';
import { DEFAULT_MAX_LINE_BYTES } from './line-limit.js';
import { runCommand, watchStdout, type CommandModule } from './run-command.js';
import { packageVersion } from './version.js';
import { DIALECT_NAMES } from '../sql/dialects.js';

const program = new Command('catq')
  .description('Lint, format, convert, compile and run product-catalog search queries (the q parameter).')
  .version(packageVersion(), '-V, --version', 'print the version')
  .helpOption('-h, --help', 'show help')
  .showHelpAfterError('(run the command with --help for its usage)')
  .exitOverride()
  .addHelpText(
    'after',
    `
A query is infix text (brand = "Acme" and price < 20) or wire text, plain JSON
([["brand","Acme"],[["<","price"],20]]) or percent-encoded (%5B%5B%22brand...); the syntax is
detected. Give it as the argument, or on standard input (no argument, or -).
Items (run, explain, preflight) are read from --items, or from standard input when they are piped
into it and the query is an argument (cat items.ndjson | catq run 'price < 20').
Without --catalog / --items and with nothing piped, the sample in examples/ is used.

Examples:
  catq lint 'brand = "Acme" and price < 20'
  catq fmt '[["brand","Acme"],[["<","price"],20]]'
  catq run 'tags one-of ["sale"] and in_stock = true' --limit 5
  zcat items.ndjson.gz | catq run 'price < 20' --catalog catalog.json
  catq preflight --job examples/job.json
  CATQ_API_KEY=... catq preflight --job job.json --service https://catalog.example.com
  catq types --catalog catalog.json --out src/catalog.ts
${EXIT_HELP}`,
  );

const catalogOption = () => new Option('-c, --catalog <file>', 'the catalog definition (JSON, Get Catalog form); default: examples/catalog.json');
const itemsOption = () => new Option('-i, --items <file>', 'raw items, one JSON object per line (NDJSON, gzip accepted; - for stdin); default: what is piped into standard input when the query is an argument, else examples/items.ndjson');
const formatOption = () => new Option('-f, --format <format>', 'output for people or for tools').choices(['text', 'json']).default('text');
const queryArgument = 'infix or wire text; absent or - reads standard input';

/** Adds the options every command has, and the lazy action. */
function command(name: string, summary: string, load: () => Promise<CommandModule>): Command {
  return program
    .command(name)
    .description(summary)
    .argument('[query]', queryArgument)
    .option('--color', 'force colours')
    .option('--no-color', 'no colours (also: NO_COLOR=1)')
    .action(async (query: string | undefined, options: Record<string, unknown>) => {
      process.exitCode = await runCommand(load, query, options);
    });
}

command('lint', 'check a query against the catalog; every diagnostic with its place and fix (exit 1 on errors)', () => import('./commands/lint.js'))
  .addOption(catalogOption())
  .addOption(formatOption());

command('fmt', 'print the query in the canonical infix form', () => import('./commands/fmt.js'));

/** `--max-line-bytes <n>`: the longest NDJSON line read (a whole number of bytes, default 16 MiB). */
function maxLineOption(): Option {
  return new Option('--max-line-bytes <n>', 'the longest NDJSON line read, in bytes (a longer line stops the run, exit 2)')
    .default(DEFAULT_MAX_LINE_BYTES, '16777216 (16 MiB)')
    .argParser((v: string) => {
      if (!/^[1-9][0-9]{0,15}$/.test(v)) throw new InvalidArgumentError('it must be a whole number of bytes, such as 16777216.');
      return Number(v);
    });
}

command('convert', 'convert between the infix, wire (JSON) and uri (percent-encoded) forms', () => import('./commands/convert.js')).addOption(
  new Option('-t, --to <form>', 'the form to print').choices(['infix', 'wire', 'uri']).makeOptionMandatory(),
);

command('compile', 'compile the query to SQL or a Mongo filter, with its parameters', () => import('./commands/compile.js'))
  .addOption(new Option('-t, --to <backend>', 'the backend').choices(['sql', 'mongo']).makeOptionMandatory())
  .addOption(new Option('-d, --dialect <dialect>', 'SQL dialect').choices(DIALECT_NAMES).default('postgres'))
  .option('--table <name>', 'SQL: the table holding one item per row')
  .option('--column <name>', 'SQL: the JSON column holding the raw item')
  .addOption(catalogOption())
  .addOption(formatOption());

command('run', 'stream items (NDJSON) through the query and print the matches as NDJSON', () => import('./commands/run.js'))
  .addOption(catalogOption())
  .addOption(itemsOption())
  .addOption(new Option('-o, --output <form>', 'listed: the listed form (Id, Name, Uri, Brand, ...); raw: the item line as read; page: one List Catalog Items response (JSON)').choices(['listed', 'raw', 'page']).default('raw'))
  .option('-l, --limit <n>', 'list one page of at most n matches (1-1000) in id order instead of every match in file order')
  .option('-b, --boundary-id <id>', 'list the page next to this item id (a number when it is written as one)')
  .addOption(new Option('--comparison <op>', 'how the page relates to --boundary-id (default >)').choices(['>', '>=', '<', '<=']))
  .option('--skip-bad-lines', 'skip malformed NDJSON lines with a warning instead of stopping')
  .addOption(maxLineOption())
  .option('--no-progress', 'no progress bar on standard error')
  .addHelpText(
    'after',
    `
Without --limit / --boundary-id / --comparison every match is printed in file order (constant memory).
With them, one page of List Catalog Items is printed, in id order (limit default 100); only the
page's items are held in memory, whatever the size of the input.`,
  );

command('explain', 'show clause by clause why the item with --id matches or not', () => import('./commands/explain.js'))
  .requiredOption('--id <id>', 'the item id (the value of the catalog\'s Aliases.Id key), as catq run writes it: 5 is the number 5, \'"5"\' the string "5"')
  .addOption(catalogOption())
  .addOption(itemsOption())
  .addOption(formatOption());

/** The options of the commands that can read from a live service (the key never as an argument). */
function serviceOptions(cmd: Command, what: string): Command {
  return cmd
    .option('-s, --service <url>', `${what} (base address; the API key from CATQ_API_KEY or --api-key-file)`)
    .option('--api-key-file <file>', 'with --service: a file holding the API key (instead of CATQ_API_KEY)')
    .addOption(new Option('--api-key <key>', 'refused: a key on the command line is visible to other users; use CATQ_API_KEY or --api-key-file').hideHelp());
}

serviceOptions(
  command('preflight', 'check the query of a create-ads-from-product-query job before submitting it (exit 1: unsafe)', () => import('./commands/preflight.js'))
    .option('-j, --job <file>', 'the job JSON; the query is read from it at --query-path')
    .option('-p, --query-path <pointer>', 'JSON pointer of the query in the job', '/Parameters/q')
    .option('-c, --catalog <file-or-id>', 'the catalog definition (JSON, Get Catalog form; default: examples/catalog.json); with --service, the catalog id (default: the job\'s Parameters.CatalogId)')
    .addOption(itemsOption())
    .option('--no-items', 'check the query only, without counting matches')
    .option('--max-share <fraction>', 'unsafe when more than this share of the items match', '0.5')
    .option('--examples <n>', 'how many matching items to show', '5')
    .option('--max-items <n>', 'with --service: stop each count after n items (the count is then a lower bound)')
    .option('--skip-bad-lines', 'skip malformed NDJSON lines with a warning instead of stopping')
    .addOption(maxLineOption())
    .option('--no-progress', 'no progress bar on standard error')
    .addOption(formatOption()),
  'check against the catalog and count the items of this live catalog service',
).addHelpText(
  'after',
  `
Not safe to submit (exit 1): the query has errors, no item matches, every item matches, or more
than --max-share of the items match. Warnings alone do not make a job unsafe.
With --service, the catalog is read with Get Catalog and the items counted with List Catalog
Items; a count stopped by --max-items is a lower bound, and a share it cannot decide is unsafe.
The service refusing the request (401, 404, 400) exits 4; an unreachable or unavailable service
(timeout, 429, 5xx such as 503) exits 5.`,
);

serviceOptions(
  program
    .command('types')
    .description('write a TypeScript module exporting the catalog through defineCatalog, so queryBuilder is typed against it')
    .option('-c, --catalog <file-or-id>', 'the catalog file (JSON, Get Catalog form); with --service, the catalog id')
    .option('-o, --out <file>', 'write the module to this file (default: standard output)')
    .option('--name <identifier>', 'the name of the exported constant', 'catalog')
    .option('--check', 'write nothing: exit 1 when the file of --out differs from what the catalog gives now (for CI)')
    .option('--color', 'force colours')
    .option('--no-color', 'no colours (also: NO_COLOR=1)'),
  'read the catalog from this live catalog service (Get Catalog)',
)
  .addHelpText(
    'after',
    `
Examples:
  catq types --catalog catalog.json --out src/catalog.ts
  CATQ_API_KEY=... catq types --service https://catalog.example.com --catalog 1042 --out src/catalog.ts

The output is the same for the same catalog (keys sorted, attributes by name) and starts with a
comment saying how to generate it again. Exit 1: --check found the file out of date; 2: bad option
or catalog file; 4: the service refused (401, 404); 5: the service is unreachable or unavailable.`,
  )
  .action(async (options: Record<string, unknown>) => {
    process.exitCode = await runCommand(() => import('./commands/types.js'), undefined, options);
  });

program
  .command('lsp')
  .description('run the language server for editors (diagnostics, completion, hover, formatting, quick fixes, highlighting)')
  .option('--stdio', 'talk LSP over standard input and output (the transport editors use)')
  .option('-c, --catalog <file>', 'the catalog when neither the editor nor a catq.config.json gives one')
  .option('-i, --items <file>', 'a sample of items (NDJSON or a JSON array) whose values completion proposes')
  // Editors' LSP clients add options of their own (--clientProcessId=...): commander lets them
  // through, and the command refuses the others (a misspelt --catalog must not pass in silence).
  .allowUnknownOption()
  .allowExcessArguments()
  .addHelpText('after', '\nSee docs/editors.md for VS Code, Neovim and Helix set-ups.')
  .action(async (options: Record<string, unknown>, command: Command) => {
    process.exitCode = await runCommand(() => import('./commands/lsp.js'), undefined, { ...options, unknown: [...command.args] });
  });

watchStdout();
// No top-level await: the same file is also built as CommonJS.
program.parseAsync(process.argv).catch((e: unknown) => {
  if (e instanceof CommanderError) {
    // commander has printed its message (or the help / version) already.
    process.exitCode = e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    throw e;
  }
});
