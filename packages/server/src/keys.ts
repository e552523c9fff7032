import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { storeKeys, type StoredKey } from './auth.js';

/**
 * API keys from a file and from the environment. A line is the key itself or `sha256:<hex
 * digest>` (so the file need not hold the key), optionally followed by a space and the key's
 * network id (default `--network-id`); `#` starts a comment; blank lines are skipped.
 */

/** A line that is not a key line: the message names the source and the line. */
export class KeyFileError extends Error {}

const DIGEST = /^sha256:([0-9a-fA-F]{64})$/;

/** Reads key lines (`source` names them in messages). */
export function parseKeyLines(text: string, defaultNetwork: number, source: string, counts?: { plain: number }): StoredKey[] {
  const out: StoredKey[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') return;
    const [key, network, ...rest] = line.split(/\s+/) as [string, string | undefined, ...string[]];
    if (rest.length || (network !== undefined && !/^[0-9]{1,10}$/.test(network)) || (network !== undefined && Number(network) > 2 ** 31 - 1)) {
      throw new KeyFileError(`${source}:${i + 1}: a key line is "KEY" or "sha256:HEX", optionally followed by a space and a network id (a whole number).`);
    }
    const networkId = network === undefined ? defaultNetwork : Number(network);
    if (key.startsWith('sha256:')) {
      const m = DIGEST.exec(key);
      if (!m) throw new KeyFileError(`${source}:${i + 1}: "sha256:" must be followed by the 64 hex digits of the key's SHA-256 digest.`);
      out.push({ digest: Buffer.from(m[1] as string, 'hex'), networkId });
    } else {
      if (counts) counts.plain++;
      out.push(...storeKeys([key], networkId));
    }
  });
  return out;
}

/** Every key the service accepts: `--api-key` flags, the environment variable, the keys file. */
export async function loadKeys(options: {
  flags: readonly string[];
  networkId: number;
  file?: string | undefined;
  env?: string | undefined;
  /** Told when the keys file holds keys in plain text and other users of the machine can read it. */
  onWarning?: (message: string) => void;
}): Promise<StoredKey[]> {
  const keys = storeKeys(options.flags, options.networkId);
  // In the environment, commas separate lines too (a variable is often one line).
  if (options.env) keys.push(...parseKeyLines(options.env.replace(/,/g, '\n'), options.networkId, 'CATQ_API_KEYS'));
  if (options.file !== undefined) {
    let text: string;
    try {
      text = await readFile(options.file, 'utf8');
    } catch (e) {
      throw new KeyFileError(`cannot read the keys file "${options.file}": ${(e as Error).message}`);
    }
    const counts = { plain: 0 };
    keys.push(...parseKeyLines(text, options.networkId, options.file, counts));
    if (counts.plain && options.onWarning && (await stat(options.file)).mode & 0o044) {
      options.onWarning(`the keys file "${options.file}" holds ${counts.plain} ${counts.plain === 1 ? 'key' : 'keys'} in plain text and other users can read it: chmod 600 it, or write each key's sha256: digest instead (catq-server keys new prints one).`);
    }
  }
  if (!keys.length) throw new KeyFileError('no API key: the keys file and CATQ_API_KEYS hold no key line, and no --api-key was given.');
  return keys;
}

/**
 * Replaces the keys in place: the array the running service reads is the same object, so a
 * request authenticates against the old set or the new one, never a mix, and no connection is
 * touched.
 */
export function replaceKeys(target: StoredKey[], keys: readonly StoredKey[]): void {
  target.splice(0, target.length, ...keys);
}

/** A new random key (32 bytes, base64url) and the line to add to a keys file (its digest, not the key). */
export function newKey(networkId: number): { key: string; line: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, line: `sha256:${createHash('sha256').update(key, 'utf8').digest('hex')} ${networkId}` };
}
