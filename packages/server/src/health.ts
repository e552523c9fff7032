/**
 * Whether the service can answer requests: the database answers and its tables exist. A failure
 * that means the database is unavailable marks the service not ready and starts a check every
 * second; the check creates the tables again when they are missing (a database dropped and made
 * again), so the service recovers without a restart. `/readyz` runs the check itself.
 */
export class Readiness {
  private ready = true;
  private reason = '';
  private running: Promise<boolean> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  /** `check` throws when the database is not ready, with a message safe to show anyone. */
  constructor(private readonly check: () => Promise<void>) {}

  /** The last known state (no database work). */
  get state(): { readonly ready: boolean; readonly reason: string } {
    return { ready: this.ready, reason: this.reason };
  }

  /** Checks now (one check at a time: callers during a check share it). */
  probe(): Promise<boolean> {
    this.running ??= this.check().then(
      () => {
        this.ready = true;
        this.reason = '';
        return true;
      },
      (e: Error) => {
        this.ready = false;
        this.reason = e.message;
        return false;
      },
    ).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** A request found the database unavailable: not ready until a check passes (checked every second). */
  markDown(reason: string): void {
    this.ready = false;
    this.reason = reason;
    if (this.timer || this.stopped) return;
    const tick = (): void => {
      void this.probe().then((ok) => {
        this.timer = ok || this.stopped ? undefined : setTimeout(tick, 1000).unref();
      });
    };
    this.timer = setTimeout(tick, 200).unref();
  }

  /** Stops checking (shutdown). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
