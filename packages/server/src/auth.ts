import { createHash, timingSafeEqual } from 'node:crypto';

/** The two interchangeable API-key headers of the interface (lower case, as Node gives them). */
export const KEY_HEADERS = ['x-service-apikey', 'x-legacy-apikey'] as const;

/** A key as the service keeps it: its SHA-256 digest, never the key itself. */
export interface StoredKey {
  readonly digest: Buffer;
  readonly networkId: number;
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Keeps the keys of a network as digests. */
export function storeKeys(keys: readonly string[], networkId: number): StoredKey[] {
  return keys.map((k) => ({ digest: digest(k), networkId }));
}

/**
 * The network of the presented key, or undefined when it is missing or unknown. Both headers may
 * be sent; then each must hold a valid key of the same network (a request that carries any invalid
 * key is refused, as the spec says). The presented key is digested and compared with every stored
 * digest in constant time (no early exit), so timing tells nothing about how much of a key was
 * right, nor which key matched.
 */
export function authenticate(headers: Record<string, string | string[] | undefined>, keys: readonly StoredKey[]): number | undefined {
  let network: number | undefined;
  let refused = false;
  for (const h of KEY_HEADERS) {
    const v = headers[h];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v === '') {
      refused = true;
      continue;
    }
    const d = digest(v);
    let found: number | undefined;
    for (const k of keys) if (timingSafeEqual(d, k.digest) && found === undefined) found = k.networkId;
    if (found === undefined || (network !== undefined && network !== found)) refused = true;
    else network = found;
  }
  return refused ? undefined : network;
}
