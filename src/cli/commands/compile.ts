import type { DialectName } from '../../sql/dialects.js';
import { printJson, println, type CliContext } from '../context.js';
import { isQueryError, type Diagnostic } from '../../diagnostics/index.js';
import { CliError, EXIT } from '../exit-codes.js';
import { readCheckedQuery } from '../query-input.js';
import { flagGiven } from '../raw-flags.js';

/** Options of `catq compile`. */
interface CompileOptions {
  readonly to: 'sql' | 'mongo';
  readonly dialect?: DialectName;
  readonly table?: string;
  readonly column?: string;
  readonly catalog?: string;
  readonly format?: 'text' | 'json';
}

/**
 * `catq compile --to sql|mongo [query]`: the compiled query with its parameters. The query is
 * validated first; a query with errors prints its diagnostics on standard error and exits 1.
 */
export default async function compile(arg: string | undefined, options: CompileOptions, ctx: CliContext): Promise<number> {
  if (options.to === 'mongo') {
    // The SQL options mean nothing for a Mongo filter: given with --to mongo they were ignored in silence.
    const sqlFlag = flagGiven('--dialect', '-d', '--table', '--column');
    if (sqlFlag) throw new CliError(`${sqlFlag} and --to mongo cannot be used together: ${sqlFlag} is an option of --to sql.`, { fix: `drop ${sqlFlag}, or use --to sql.` });
  }
  const read = await readCheckedQuery(arg, options.catalog, ctx, options.format === 'json');
  if ('exit' in read) return read.exit;
  const { query, catalog } = read;
  const json = options.format === 'json';
  if (options.to === 'sql') {
    const { toSql } = await import('../../sql/index.js');
    const { dialectOf } = await import('../../sql/dialects.js');
    const dialect = options.dialect ?? 'postgres';
    const out = usageErrorsOf(() =>
      toSql(query, catalog, {
        dialect,
        ...(options.table !== undefined ? { table: options.table } : {}),
        ...(options.column !== undefined ? { column: options.column } : {}),
      }),
    );
    if (json) {
      printJson(ctx, { dialect, sql: out.sql, where: out.where, params: out.params });
    } else {
      println(ctx, out.sql + ';');
      println(ctx, ctx.out.dim(`-- params (${dialectOf(dialect)?.placeholderNote ?? ''}): ${JSON.stringify(out.params)}`));
    }
  } else {
    const { toMongo } = await import('../../mongo/index.js');
    const filter = toMongo(query, catalog);
    if (json) printJson(ctx, { filter });
    else println(ctx, JSON.stringify(filter, null, 2));
  }
  return EXIT.ok;
}

/**
 * Runs a compiler; a bad option of it (`sql/bad-option`, from `--table ''` or `--column ''`) is
 * a usage error (exit 2) naming the option, not a query error (exit 1).
 */
function usageErrorsOf<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (!isQueryError(e)) throw e;
    const bad = e.diagnostics.filter((d) => d.code === 'sql/bad-option');
    if (bad.length === 0) throw e;
    const option = (d: Diagnostic) => `--${String(d.data?.['option'] ?? 'option')}`;
    throw new CliError(bad.map((d) => `${option(d)}: ${String(d.data?.['detail'] ?? d.message)}`).join('; ') + '.', {
      fix: `give ${bad.map(option).join(' and ')} a valid value, or leave it out for the default.`,
    });
  }
}
