/**
 * A deadline for every statement on a pooled PostgreSQL connection, all kept by one timer.
 *
 * `statement_timeout` makes the server end a statement that runs too long, but a server that
 * stops answering without closing the connection (a network that drops packets, a host that
 * froze) never sends that error: the request, and its connection, would wait until TCP gives up,
 * hours later. Past its deadline a statement's connection is closed here, so the statement fails
 * as a lost connection (a 503, and the pool opens a new connection for the next one).
 *
 * Why not node-postgres's own `query_timeout`: it wraps each statement's callback in a closure
 * with a timer, and under a steady List load that made each page's rows outlive their request:
 * about 0.9 MB more of the heap survived each young-generation collection, whose pauses took
 * 3 ms instead of 2, and what they moved to the old generation made it fill and be collected
 * again and again (measured with `--trace-gc-nvp` on the 1M-item database; docs/server.md). A map
 * entry per running statement costs nothing of the kind. Its error was not one the service knew
 * either: such a request was answered 500.
 */

/** What the watch needs of a node-postgres client: its socket, to close it. */
interface WatchedClient {
  readonly connection?: { readonly stream?: { destroy(error?: Error): void } };
}

export class StatementWatch {
  private readonly running = new Map<WatchedClient, number>();
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param deadlineMs how long a statement may wait for its answer before its connection is closed
   * @param everyMs how often the running statements are looked at
   */
  constructor(
    readonly deadlineMs: number,
    private readonly everyMs = Math.min(1000, deadlineMs),
  ) {}

  /** A statement starts on `client`. */
  start(client: WatchedClient): void {
    this.running.set(client, Date.now() + this.deadlineMs);
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.check(), this.everyMs);
      // The watch never keeps the process alive on its own.
      this.timer.unref();
    }
  }

  /** The statement on `client` has its answer (or failed). */
  end(client: WatchedClient): void {
    this.running.delete(client);
  }

  /** Closes the connection of every statement past its deadline. */
  check(now = Date.now()): void {
    for (const [client, deadline] of this.running) {
      if (now <= deadline) continue;
      this.running.delete(client);
      const error = Object.assign(new Error(`PostgreSQL did not answer a statement within ${this.deadlineMs} ms; its connection was closed`), { code: 'ETIMEDOUT' });
      client.connection?.stream?.destroy(error);
    }
  }

  /** Stops the timer (the pools are closing). */
  close(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.running.clear();
  }
}
