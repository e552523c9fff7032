/**
 * `node:path` for browser bundles: the two functions catq's Chevrotain loader imports. They are
 * never reached in a browser (the shim's `require.resolve` throws first, see node-module-shim.ts)
 * but must exist for the import.
 */
export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? (i === 0 ? '/' : '.') : path.slice(0, i);
}

export function join(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('/');
}
