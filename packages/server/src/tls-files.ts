import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

/** The PEM certificate (chain) and private key of `--tls-cert` and `--tls-key`. */
export interface TlsFiles {
  readonly cert: Buffer;
  readonly key: Buffer;
}

/** Files that cannot serve HTTPS; the message names the flag, the file and the fix. */
export class TlsFilesError extends Error {}

/**
 * Reads `--tls-cert` and `--tls-key` and checks that they make a TLS server: both are PEM, the
 * key is not encrypted, and it is the certificate's key. Node would otherwise say so only when
 * the HTTPS server is made (or the context replaced on SIGHUP), in OpenSSL's words and with a
 * stack trace. `onWarning` hears what still works but should be fixed: a certificate outside
 * its validity dates, a key file other users of the machine can read.
 */
export function readTlsFiles(certPath: string, keyPath: string, onWarning?: (message: string) => void): TlsFiles {
  const cert = readOne('--tls-cert', certPath);
  const key = readOne('--tls-key', keyPath);
  const named = (flag: string, path: string): string => `${flag} "${path}"`;
  try {
    createSecureContext({ cert });
  } catch {
    throw new TlsFilesError(
      `${named('--tls-cert', certPath)} holds no PEM certificate: give the certificate as a "-----BEGIN CERTIFICATE-----" block (followed by any intermediate certificates), and its private key to --tls-key`,
    );
  }
  try {
    createSecureContext({ key });
  } catch (e) {
    throw new TlsFilesError(
      codeOf(e) === 'ERR_OSSL_BAD_DECRYPT'
        ? `${named('--tls-key', keyPath)} is encrypted with a passphrase, which catq-server cannot ask for: write it out unencrypted (openssl pkey -in KEY -out PLAIN) and chmod 600 it`
        : `${named('--tls-key', keyPath)} holds no private key that can be read: give the certificate's private key in PEM (a "-----BEGIN PRIVATE KEY-----" block)`,
    );
  }
  try {
    createSecureContext({ cert, key });
  } catch (e) {
    throw new TlsFilesError(
      codeOf(e) === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH'
        ? `${named('--tls-key', keyPath)} is not the private key of the certificate in ${named('--tls-cert', certPath)}: give the key the certificate was made for`
        : `${named('--tls-cert', certPath)} and ${named('--tls-key', keyPath)} do not make a TLS server: ${(e as Error).message}`,
    );
  }
  if (onWarning) {
    const dates = validity(cert);
    const now = Date.now();
    if (dates && now > dates.to.getTime()) onWarning(`the certificate of ${named('--tls-cert', certPath)} expired on ${dates.to.toISOString()}: clients refuse it; renew it and send SIGHUP`);
    else if (dates && now < dates.from.getTime()) onWarning(`the certificate of ${named('--tls-cert', certPath)} is not valid before ${dates.from.toISOString()}: clients refuse it until then`);
    if (statSync(keyPath).mode & 0o044) onWarning(`the private key file "${keyPath}" can be read by other users of the machine: chmod 600 it`);
  }
  return { cert, key };
}

function readOne(flag: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new TlsFilesError(`cannot read ${flag} "${path}": ${(e as Error).message}`);
  }
}

/** The validity dates of the first certificate of a PEM chain (undefined if it cannot be read). */
function validity(cert: Buffer): { from: Date; to: Date } | undefined {
  try {
    const x = new X509Certificate(cert);
    return { from: new Date(x.validFrom), to: new Date(x.validTo) };
  } catch {
    return undefined;
  }
}

function codeOf(e: unknown): unknown {
  return typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
}
