// What the commands that talk to a live catalog service share (`--service URL`): the API key
// (from CATQ_API_KEY or --api-key-file, never from an argument, which `ps` would show), the client
// of `catq/client`, and one clear line for each way the service can fail, with its exit status.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { withoutBom } from '../text/bom.js';
import type { Catalog } from '../catalog/index.js';
import type { CatalogClient } from '../client/index.js';
import { CliError, EXIT } from './exit-codes.js';
import { terminalText } from './terminal-text.js';
import { fileError } from './read-input.js';

/** The environment variable holding the API key. */
export const API_KEY_ENV = 'CATQ_API_KEY';

/** Options every `--service` command has. */
export interface ServiceOptions {
  readonly service?: string;
  readonly apiKeyFile?: string;
  /** Declared only to refuse it: a key on the command line is visible to every user of the machine. */
  readonly apiKey?: string;
}

/** A client of the service at `--service`, and its base URL for messages. */
export interface Service {
  readonly client: CatalogClient;
  readonly url: string;
}

/**
 * Checks `--service`, reads the key and creates the client (the client module is loaded only
 * here, so the commands that work on files never load it). Usage errors exit 2.
 */
export async function openService(options: ServiceOptions): Promise<Service> {
  const url = serviceUrl(options.service ?? '');
  const apiKey = await readApiKey(options);
  const [{ createClient }, { preSendCheck }] = await Promise.all([import('../client/index.js'), import('../client/pre-send-check.js')]);
  // Few retries with short waits: a person is waiting, and exit 5 says to try again later. The
  // pre-send check reads the catalogs the service sends as loadCatalog does, and checks q again.
  const client = createClient({ baseUrl: url.href, apiKey, check: preSendCheck, retry: { retries: 2, baseDelayMs: 200, maxDelayMs: 2000 }, timeoutMs: 30_000 });
  return { client, url: displayUrl(url) };
}

/** `--service` as a URL: http(s) only, no user or password, no query string or fragment. */
export function serviceUrl(text: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new CliError(`--service ${JSON.stringify(text)} is not the http(s) address of a catalog service.`, {
      fix: 'give the base address the /v1/... paths are appended to, for example --service https://catalog.example.com or --service http://127.0.0.1:8080.',
    });
  }
  if (url.username !== '' || url.password !== '') {
    // Not echoed: it holds a password.
    throw new CliError('--service holds a user name or password; the catalog service takes the API key only.', {
      fix: `give the address without them (https://host:port) and the key in ${API_KEY_ENV} or --api-key-file.`,
    });
  }
  return url;
}

/** The URL as shown in messages and generated files (no trailing slash). */
export function displayUrl(url: URL): string {
  return url.href.replace(/\/+$/, '');
}

/** The API key: `--api-key-file` when given, else `CATQ_API_KEY`. */
export async function readApiKey(options: ServiceOptions): Promise<string> {
  if (options.apiKey !== undefined) {
    throw new CliError('--api-key is not accepted: a key on the command line is visible to every user of the machine (ps, shell history).', {
      fix: `put the key in the environment (export ${API_KEY_ENV}=...) or in a file readable only by you (--api-key-file FILE).`,
    });
  }
  if (options.apiKeyFile !== undefined) {
    let text: string;
    try {
      text = await readFile(options.apiKeyFile, 'utf8');
      await warnIfShared(options.apiKeyFile);
    } catch (e) {
      // In words (no such file, a directory, permission denied), as for every file catq reads.
      throw fileError(options.apiKeyFile, { what: 'API key', option: '--api-key-file', missingFix: `check the path given to --api-key-file, or put the key in ${API_KEY_ENV} instead.` }, e);
    }
    return checkKey(withoutBom(text).trim(), `the API key file "${options.apiKeyFile}"`);
  }
  const env = process.env[API_KEY_ENV];
  if (env === undefined || env.trim() === '') {
    throw new CliError(`--service needs an API key, and neither ${API_KEY_ENV} nor --api-key-file gives one.`, {
      fix: `export ${API_KEY_ENV}=<your key> (from the account's API keys tab), or pass --api-key-file FILE with the key in it.`,
    });
  }
  return checkKey(env.trim(), API_KEY_ENV);
}

/** A key file others can read is worth a warning (as ssh gives for a private key); POSIX only. */
async function warnIfShared(file: string): Promise<void> {
  if (process.platform === 'win32') return;
  const { mode } = await stat(file);
  if (mode & 0o044) process.stderr.write(`catq: warning: the API key file "${terminalText(file)}" can be read by other users; chmod 600 it.\n`);
}

function checkKey(key: string, where: string): string {
  if (key === '') throw new CliError(`${where} is empty.`, { fix: 'put the key (one line) in it.' });
  // The key goes into an HTTP header: no line breaks, no control characters. Never echo it.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key) || /[^\u0000-\u00ff]/.test(key)) {
    throw new CliError(`${where} does not hold one API key: it has ${/[\r\n]/.test(key) ? 'several lines' : 'characters a key cannot have'}.`, {
      fix: 'put only the key, on one line, in it.',
    });
  }
  return key;
}

/** `--catalog` as a catalog id (with `--service`): a whole number ≥ 100. */
export function catalogIdOption(text: string): number {
  if (!/^[1-9][0-9]{2,15}$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new CliError(`with --service, --catalog is the id of a catalog of the service, and ${JSON.stringify(text)} is not one (a whole number from 100).`, {
      fix: 'give the catalog id, for example --catalog 1042; to read a catalog file instead, leave out --service.',
    });
  }
  return Number(text);
}

/**
 * Without `--service`, `--catalog` is a file: a number that names no file was most likely meant
 * as a catalog id of a service, and the error says so.
 */
export function checkCatalogFileOption(value: string | undefined): void {
  if (value !== undefined && /^[0-9]+$/.test(value) && !existsSync(value)) {
    throw new CliError(`--catalog ${value} looks like a catalog id, and a catalog id needs --service (without it, --catalog is a file).`, {
      fix: `add --service URL to read catalog ${value} from the service, or give the path of a catalog file.`,
    });
  }
}

/** Get Catalog, with each failure turned into one clear line (see {@link serviceError}). */
export async function fetchCatalog(service: Service, catalogId: number): Promise<Catalog> {
  try {
    return await service.client.getCatalog(catalogId);
  } catch (e) {
    throw await serviceError(e, service, { catalogId });
  }
}

/**
 * The CliError for a failure of the client: exit 4 when the service answered with an error or an
 * unusable response, exit 5 when no usable answer came (unreachable, timeout, 429, 5xx). Anything
 * else is returned unchanged (a bug is reported as one).
 */
export async function serviceError(e: unknown, service: Service, about: { readonly catalogId: number }): Promise<unknown> {
  const { CatalogApiError, CatalogNetworkError, CatalogResponseError } = await import('../client/index.js');
  const at = `the service at ${service.url}`;
  if (e instanceof CatalogNetworkError) {
    const cause = describeCause(e.cause);
    return new CliError(e.timedOut ? `${at} did not answer in time (${e.attempts} attempts).` : `cannot reach ${at}${cause ? ` (${cause})` : ''}.`, {
      exitCode: EXIT.serviceUnavailable,
      fix: 'check the address and that the service is running, then try again.',
    });
  }
  if (e instanceof CatalogApiError) {
    const said = e.messages.length ? `: ${oneLine(e.messages.slice(0, 2).join('; ')).replace(/[.\s]+$/, '')}` : '';
    if (e.status === 401) {
      return new CliError(`${at} refused the API key (401)${said}.`, {
        exitCode: EXIT.serviceRefused,
        fix: `check the key in ${API_KEY_ENV} or --api-key-file: it must be a key of the network that holds catalog ${about.catalogId}.`,
      });
    }
    if (e.status === 404) {
      return new CliError(`${at} has no catalog ${about.catalogId} (404)${said}.`, {
        exitCode: EXIT.serviceRefused,
        fix: `check the catalog id (the job's Parameters.CatalogId, or --catalog); the key's network may not hold it.`,
      });
    }
    if (e.status === 429 || e.status >= 500) {
      return new CliError(`${at} is unavailable (${e.status} after ${e.attempts} attempts)${said}.`, {
        exitCode: EXIT.serviceUnavailable,
        fix: 'try again later; if it persists, tell the operator of the service.',
      });
    }
    return new CliError(`${at} refused ${e.method} ${pathOf(e.url)} (${e.status})${said}.`, {
      exitCode: EXIT.serviceRefused,
      fix: 'read the service\'s message above; check --service and the catalog id.',
    });
  }
  if (e instanceof CatalogResponseError) {
    return new CliError(`${at} sent a response catq cannot use: ${oneLine(e.message)}.`, {
      exitCode: EXIT.serviceRefused,
      fix: 'check that --service is the address of a catalog service (the /v1 paths are appended to it).',
    });
  }
  return e;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** A cause of a network failure in a few words (`connect ECONNREFUSED 127.0.0.1:9`). */
function describeCause(cause: unknown): string {
  let c: unknown = cause;
  // fetch wraps the system error: TypeError('fetch failed', { cause: Error('connect ECONNREFUSED ...') }).
  for (let depth = 0; depth < 4 && c instanceof Error && c.cause !== undefined; depth++) c = c.cause;
  if (c instanceof Error) return oneLine(c.message).slice(0, 160);
  return c === undefined ? '' : oneLine(String(c)).slice(0, 160);
}

/** Text on one line (the service's messages may hold line breaks). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
