/**
 * What a database failure means for a request. The service answers 503 (with `Retry-After`) for
 * failures that are the database's state, not the request's: the server is unreachable, the
 * database is gone or does not take connections, a statement ran past the statement timeout, the
 * server is read-only. Deadlocks and serialization failures are retried by the transaction and
 * never reach a client unless the retry deadline passes.
 */

/** The database cannot serve the request now; the client may try again after `retryAfter` seconds. */
export class DatabaseUnavailable extends Error {
  constructor(
    message: string,
    /** `down`: unreachable or gone; `schema`: tables missing; `timeout`, `readonly`, `contention`: the database is up. */
    readonly kind: 'down' | 'schema' | 'timeout' | 'readonly' | 'contention',
    readonly retryAfter: number,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** PostgreSQL SQLSTATEs of a transaction that lost a race and can simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/** Node socket errors that mean the server cannot be reached. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/** pg's own messages for a lost or never made connection (they carry no code). */
const LOST = /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Cannot use a pool after calling end/;

function codeOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** Whether the transaction should simply run again (deadlock, serialization failure). */
export function isRetryable(e: unknown): boolean {
  return RETRYABLE.has(codeOf(e));
}

/** Whether the error means a table of the schema is missing (the database was dropped and made again). */
export function isSchemaMissing(e: unknown): boolean {
  return codeOf(e) === '42P01';
}

/**
 * The {@link DatabaseUnavailable} an error stands for, or undefined when the error is about the
 * request (bad data, a bug). `connecting` says the error came while getting a connection: then
 * any failure is the database's.
 */
export function unavailableFor(e: unknown, statementTimeoutMs: number, connecting = false): DatabaseUnavailable | undefined {
  if (e instanceof DatabaseUnavailable) return e;
  const code = codeOf(e);
  const message = (e as Error | null)?.message ?? String(e);
  if (code === '57014') {
    return new DatabaseUnavailable(
      `The database did not finish this request within the statement timeout of ${statementTimeoutMs} ms; try again, or narrow the query (fewer or simpler q clauses, a smaller limit).`,
      'timeout',
      1,
      e,
    );
  }
  if (code === '25006') return new DatabaseUnavailable('The database is read-only at the moment (a failover or maintenance); writes cannot be stored now. Try again later.', 'readonly', 5, e);
  if (
    connecting ||
    NETWORK.has(code) ||
    LOST.test(message) ||
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '3D000' ||
    code === '53300' ||
    code === '53100' ||
    code === '53200'
  ) {
    return new DatabaseUnavailable('The database is unavailable at the moment; the request was not completed. Try again shortly.', 'down', 2, e);
  }
  if (isSchemaMissing(e)) return new DatabaseUnavailable('The database is being prepared (its tables are being created again); try again shortly.', 'schema', 1, e);
  return undefined;
}
