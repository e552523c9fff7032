import type { DialectName } from '../../sql/dialects.js';
import { printJson, println, type CliContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { readCheckedQuery } from '../query-input.js';

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
  const read = await readCheckedQuery(arg, options.catalog, ctx);
  if ('exit' in read) return read.exit;
  const { query, catalog } = read;
  const json = options.format === 'json';
  if (options.to === 'sql') {
    const { toSql } = await import('../../sql/index.js');
    const { dialectOf } = await import('../../sql/dialects.js');
    const dialect = options.dialect ?? 'postgres';
    const out = toSql(query, catalog, {
      dialect,
      ...(options.table !== undefined ? { table: options.table } : {}),
      ...(options.column !== undefined ? { column: options.column } : {}),
    });
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
