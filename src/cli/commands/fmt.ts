import { eprintln, println, type CliContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { queryText, readQuery, renderQueryDiagnostics } from '../query-input.js';
import { loadSyntax } from '../stages.js';

/**
 * `catq fmt [query]`: the canonical infix form of the query (infix or wire input). Syntax only:
 * no catalog is needed; a query that cannot be read prints its diagnostics on standard error
 * and exits 1.
 */
export default async function fmt(arg: string | undefined, _options: Record<string, unknown>, ctx: CliContext): Promise<number> {
  const input = await queryText(arg);
  const r = await readQuery(input, undefined);
  if (!r.query) {
    eprintln(ctx, renderQueryDiagnostics(r, ctx.colorErr));
    return EXIT.queryErrors;
  }
  const { format } = await loadSyntax();
  println(ctx, format(r.query));
  return EXIT.ok;
}
