/**
 * `--tls-cert` and `--tls-key` that cannot serve HTTPS: each mistake an operator makes (a file
 * that is not PEM, the two swapped, a key of another certificate, a key with a passphrase, a
 * missing file) is one line naming the flag, the file and the fix, exit status 2, at start; on
 * SIGHUP the same mistake leaves the old certificate and keys in place. A certificate outside
 * its dates and a key file others can read start with a warning. Certificates made here with
 * openssl; the service is the real process on PGlite.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { afterAll, describe, expect, it } from 'vitest';
import { readTlsFiles, TlsFilesError } from '../src/tls-files.js';
import { runServerToExit, startServer, tempFiles } from './support/process.js';

const CATALOG = { Id: 900, Name: 'TLS catalog', Type: 'Product', Aliases: { Id: 'id' } };
const files = tempFiles({ 'c.json': JSON.stringify(CATALOG), 'garbage.pem': 'not a certificate\n', 'empty.pem': '' });
const path = files.path;
afterAll(() => files.cleanup());

const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore', cwd: files.dir });
/** A self-signed certificate for localhost and its unencrypted key. */
function selfSigned(name: string): void {
  openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost');
  chmodSync(path(`${name}.key`), 0o600);
}
selfSigned('a');
selfSigned('b');
openssl('pkey', '-in', 'a.key', '-out', 'a-encrypted.key', '-aes256', '-passout', 'pass:secret');
// A certificate that expired in 2020: `openssl req -x509` cannot backdate, `openssl ca` can.
writeFileSync(path('index.txt'), '');
writeFileSync(path('serial'), '01\n');
writeFileSync(path('ca.cnf'), '[ca]\ndefault_ca = d\n[d]\ndir = .\ndatabase = index.txt\nserial = serial\nnew_certs_dir = .\ndefault_md = sha256\npolicy = p\n[p]\ncommonName = supplied\n');
openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'old.key', '-out', 'old.csr', '-subj', '/CN=localhost');
openssl('ca', '-batch', '-config', 'ca.cnf', '-selfsign', '-keyfile', 'old.key', '-in', 'old.csr', '-out', 'old.pem', '-startdate', '20200101000000Z', '-enddate', '20200102000000Z', '-notext');
chmodSync(path('old.key'), 0o644);

/** The message of the TlsFilesError that reading these files throws. */
function refusal(cert: string, key: string): string {
  try {
    readTlsFiles(path(cert), path(key));
  } catch (e) {
    expect(e).toBeInstanceOf(TlsFilesError);
    return (e as Error).message;
  }
  throw new Error(`${cert} and ${key} were accepted`);
}

describe('readTlsFiles', () => {
  it('accepts a certificate and its key, and hears no warning', () => {
    const warnings: string[] = [];
    const tls = readTlsFiles(path('a.pem'), path('a.key'), (m) => warnings.push(m));
    expect(tls.cert.equals(readFileSync(path('a.pem')))).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('names the flag, the file and the fix for each mistake', () => {
    expect(refusal('garbage.pem', 'a.key')).toBe(
      `--tls-cert "${path('garbage.pem')}" holds no PEM certificate: give the certificate as a "-----BEGIN CERTIFICATE-----" block (followed by any intermediate certificates), and its private key to --tls-key`,
    );
    expect(refusal('empty.pem', 'a.key')).toContain(`--tls-cert "${path('empty.pem')}" holds no PEM certificate`);
    // Swapped: the key given as the certificate is what is reported first.
    expect(refusal('a.key', 'a.pem')).toContain(`--tls-cert "${path('a.key')}" holds no PEM certificate`);
    expect(refusal('a.pem', 'a.pem')).toBe(`--tls-key "${path('a.pem')}" holds no private key that can be read: give the certificate's private key in PEM (a "-----BEGIN PRIVATE KEY-----" block)`);
    expect(refusal('a.pem', 'b.key')).toBe(`--tls-key "${path('b.key')}" is not the private key of the certificate in --tls-cert "${path('a.pem')}": give the key the certificate was made for`);
    expect(refusal('a.pem', 'a-encrypted.key')).toMatch(/^--tls-key ".*a-encrypted\.key" is encrypted with a passphrase, which catq-server cannot ask for: write it out unencrypted \(openssl pkey/);
    expect(refusal('missing.pem', 'a.key')).toMatch(/^cannot read --tls-cert ".*missing\.pem": ENOENT/);
    expect(refusal('a.pem', 'missing.key')).toMatch(/^cannot read --tls-key ".*missing\.key": ENOENT/);
  });

  it('warns of a certificate past its dates and of a key file others can read', () => {
    const warnings: string[] = [];
    readTlsFiles(path('old.pem'), path('old.key'), (m) => warnings.push(m));
    expect(warnings).toEqual([
      `the certificate of --tls-cert "${path('old.pem')}" expired on 2020-01-02T00:00:00.000Z: clients refuse it; renew it and send SIGHUP`,
      `the private key file "${path('old.key')}" can be read by other users of the machine: chmod 600 it`,
    ]);
  });
});

/** The certificate the service presents, as PEM-independent DER fingerprint. */
function servedCertificate(url: string, ca: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/healthz`, { ca, agent: new Agent({ ca }) }, (res) => {
      const fingerprint = (res.socket as unknown as { getPeerCertificate(): { fingerprint256: string } }).getPeerCertificate().fingerprint256;
      res.resume();
      res.on('end', () => resolve(fingerprint));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The status of an authenticated request. */
function status(url: string, ca: Buffer, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/v1/catalog`, { ca, agent: new Agent({ ca }), headers: { 'X-Service-ApiKey': key } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('catq-server with TLS files that cannot serve', () => {
  it('refuses to start: one line naming the file and the fix, no stack trace, exit status 2', async () => {
    for (const [cert, key, says] of [
      ['a.pem', 'b.key', 'is not the private key of the certificate'],
      ['garbage.pem', 'a.key', 'holds no PEM certificate'],
      ['a.pem', 'a-encrypted.key', 'is encrypted with a passphrase'],
    ] as const) {
      const r = await runServerToExit(['--catalog', path('c.json'), '--api-key', 'k', '--port', '0', '--tls-cert', path(cert), '--tls-key', path(key)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(says);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).not.toMatch(/listening/);
    }
  });

  it('starts with a warning on an expired certificate', async () => {
    const server = await startServer(['--catalog', path('c.json'), '--api-key', 'k', '--log-level', 'warn', '--tls-cert', path('old.pem'), '--tls-key', path('old.key')]);
    try {
      expect(server.url).toMatch(/^https:/);
      expect(server.stderr()).toContain('catq-server: warning: the certificate of --tls-cert');
      expect(server.stderr()).toContain('expired on 2020-01-02');
    } finally {
      await server.stop();
    }
  });

  it('on SIGHUP with a bad certificate keeps the old certificate and the old keys, and takes both once the files are right', async () => {
    copyFileSync(path('a.pem'), path('live.pem'));
    copyFileSync(path('a.key'), path('live.key'));
    writeFileSync(path('keys.txt'), 'first-key\n', { mode: 0o600 });
    const server = await startServer(['--catalog', path('c.json'), '--api-keys-file', path('keys.txt'), '--log-level', 'warn', '--tls-cert', path('live.pem'), '--tls-key', path('live.key')]);
    const caA = readFileSync(path('a.pem'));
    const caB = readFileSync(path('b.pem'));
    try {
      const before = await servedCertificate(server.url, caA);
      // A renewal gone wrong: the new certificate with the old key, and a new key line.
      copyFileSync(path('b.pem'), path('live.pem'));
      writeFileSync(path('keys.txt'), 'second-key\n');
      server.child.kill('SIGHUP');
      for (let i = 0; i < 50 && !server.stderr().includes('not reloaded'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(server.stderr()).toContain(
        `catq-server: not reloaded (the old keys and certificate stay): --tls-key "${path('live.key')}" is not the private key of the certificate in --tls-cert "${path('live.pem')}"`,
      );
      expect(await servedCertificate(server.url, caA)).toBe(before);
      expect(await status(server.url, caA, 'first-key')).toBe(200);
      expect(await status(server.url, caA, 'second-key')).toBe(401);
      // The key put right: both are taken.
      copyFileSync(path('b.key'), path('live.key'));
      server.child.kill('SIGHUP');
      let served = before;
      for (let i = 0; i < 50 && served === before; i++) {
        await new Promise((r) => setTimeout(r, 100));
        served = await servedCertificate(server.url, caB).catch(() => before);
      }
      expect(served).not.toBe(before);
      expect(await status(server.url, caB, 'second-key')).toBe(200);
      expect(await status(server.url, caB, 'first-key')).toBe(401);
    } finally {
      await server.stop();
    }
  });
});
