import { eprintln, println, type CliContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { queryText, readQuery, renderQueryDiagnostics } from '../query-input.js';
import { loadSyntax, loadWire } from '../stages.js';

/** Options of `catq convert`. */
interface ConvertOptions {
  readonly to: 'infix' | 'wire' | 'uri';
}

/**
 * `catq convert --to infix|wire|uri [query]`: the query in another form: canonical infix, the
 * wire JSON array (one line), or the canonical percent-encoded `q` value. Syntax only: no catalog.
 */
export default async function convert(arg: string | undefined, options: ConvertOptions, ctx: CliContext): Promise<number> {
  const input = await queryText(arg);
  const r = await readQuery(input, undefined);
  if (!r.query) {
    eprintln(ctx, renderQueryDiagnostics(r, ctx.colorErr));
    return EXIT.queryErrors;
  }
  switch (options.to) {
    case 'infix':
      println(ctx, (await loadSyntax()).format(r.query));
      break;
    case 'wire':
      println(ctx, JSON.stringify((await loadWire()).toWire(r.query)));
      break;
    case 'uri':
      println(ctx, (await loadWire()).encode(r.query));
      break;
  }
  return EXIT.ok;
}
