import { parseArgs } from 'node:util';
import { moveCatalog } from './move.js';

const USAGE = `Usage: catq-server move-catalog --database-url COORDINATOR --catalog-id N --to SHARD_URL [--grace-ms MS]

Moves one catalog's items (and their search rows) to another shard server while the service
runs. The shard must be one the service was started with (--shard-url). Reads keep answering
from the old shard; writes to the catalog wait for the copy (a write that waits longer than the
service's lock wait gets a 503 with Retry-After). After --grace-ms (default 5000: every service
process reads the placement each second) the old shard's copy is emptied.`;

/** `catq-server move-catalog ...`: the exit status (0 moved, 1 failed, 2 usage). */
export async function moveCatalogCommand(args: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: { 'database-url': { type: 'string' }, 'catalog-id': { type: 'string' }, to: { type: 'string' }, 'grace-ms': { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (e) {
    process.stderr.write(`catq-server move-catalog: ${(e as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const id = values['catalog-id'];
  const grace = values['grace-ms'];
  if (values['database-url'] === undefined || values.to === undefined || id === undefined || !/^[0-9]+$/.test(id) || (grace !== undefined && !/^[0-9]+$/.test(grace))) {
    process.stderr.write(`catq-server move-catalog: give --database-url, --catalog-id (a whole number) and --to.\n\n${USAGE}\n`);
    return 2;
  }
  try {
    const r = await moveCatalog(values['database-url'], Number(id), values.to, {
      ...(grace === undefined ? {} : { graceMs: Number(grace) }),
      log: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(r.from === r.to ? `catalog ${r.catalogId} is already on ${r.to}.\n` : `moved catalog ${r.catalogId} from ${r.from} to ${r.to} (${r.items} items).\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`catq-server move-catalog: ${(e as Error).message}\n`);
    return 1;
  }
}
