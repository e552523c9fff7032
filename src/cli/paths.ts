import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder of the embedded sample (`examples/` of the installed package). The built CLI is
 * `dist/cli.js` (or `.build/<name>/cli.js`), so the sample is `../examples/` from it; walking up
 * also finds it when the CLI runs from a source checkout.
 */
export function examplesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, '..', 'examples');
    if (existsSync(join(candidate, 'catalog.json'))) return candidate;
    dir = join(dir, '..');
  }
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'examples');
}

/** The sample catalog, used when `--catalog` is not given. */
export function defaultCatalogPath(): string {
  return join(examplesDir(), 'catalog.json');
}

/** The sample items, used when `--items` is not given. */
export function defaultItemsPath(): string {
  return join(examplesDir(), 'items.ndjson');
}
