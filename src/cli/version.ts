import { readFileSync } from 'node:fs';

/**
 * The package version, read from catq's package.json: `../package.json` from the built CLI
 * (`dist/cli.js`), or one more level up for a build in `.build/<name>/`.
 */
export function packageVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'catq' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not there; try the next place
    }
  }
  return '0.0.0';
}
