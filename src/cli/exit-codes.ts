/**
 * Exit statuses of the `catq` command line, the same for every command:
 *
 * | status | meaning |
 * |---|---|
 * | 0 | success: the query is valid (warnings allowed), the job is safe to submit |
 * | 1 | the query has errors, or `preflight` judged the job unsafe |
 * | 2 | usage, input or output error: unknown option, missing or unreadable file, invalid JSON, a bad catalog, a malformed NDJSON line, empty standard input; standard output cannot be written (a full disk) |
 * | 3 | internal error (a bug in catq; `CATQ_DEBUG=1` prints the stack trace) |
 * | 4 | `--service`: the service answered with an error (401 key refused, 404 no such catalog, 400) or a response that is not what the interface promises |
 * | 5 | `--service`: no usable answer (unreachable, timed out, 429 or 5xx such as 503 after the retries); trying again later may work |
 */
export const EXIT = {
  ok: 0,
  queryErrors: 1,
  unsafe: 1,
  usage: 2,
  /** Standard output cannot be written (not a closed pipe, which ends quietly). */
  outputFailed: 2,
  serviceRefused: 4,
  serviceUnavailable: 5,
} as const;

/** The help text that documents the exit statuses (shown under `catq --help`). */
export const EXIT_HELP = `
Exit status:
  0  success (the query is valid; warnings allowed; preflight: the job is safe to submit)
  1  the query has errors, or preflight judged the job unsafe
  2  usage, input or output error (bad option, missing or invalid file, bad catalog, malformed NDJSON line, empty stdin, stdout not writable)
  3  internal error (a bug in catq; CATQ_DEBUG=1 shows the stack trace)
  4  --service: the service refused the request (401 bad key, 404 no such catalog, 400) or sent a bad response
  5  --service: the service could not be reached or is unavailable (timeout, 429, 5xx such as 503); try again later`;

/**
 * An error the user can fix (a missing file, invalid JSON, a bad option value): printed as
 * `catq: <message>` plus a `fix:` line, never with a stack trace.
 */
export class CliError extends Error {
  /** What to do about it, one sentence. */
  readonly fix: string | undefined;
  /** The exit status (2 unless said otherwise). */
  readonly exitCode: number;
  /** Already-rendered detail (for example catalog diagnostics) printed under the message. */
  readonly detail: string | undefined;

  constructor(message: string, options: { fix?: string; exitCode?: number; detail?: string } = {}) {
    super(message);
    this.name = 'CliError';
    this.fix = options.fix;
    this.exitCode = options.exitCode ?? EXIT.usage;
    this.detail = options.detail;
  }
}

/** Whether `e` is a {@link CliError}. */
export function isCliError(e: unknown): e is CliError {
  return e instanceof CliError;
}
