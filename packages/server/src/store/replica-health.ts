/**
 * Which read replica a read goes to. Reads take the replicas in turn; a replica that does not
 * answer a read (its connection refused, lost, or not made within the connect timeout) is left
 * out, and its reads go to the other replicas, or to the primary when none is left. Without
 * this every read given to a replica behind a dead network link would first wait out the connect
 * timeout (5 s) before the primary answered it. A left-out replica is tried again in the
 * background (`SELECT 1`), after {@link FIRST_REST_MS}, then at doubling intervals of at most
 * {@link MAX_REST_MS}: no read waits on it again, and it takes reads again once it answers.
 */

/** The first wait before a replica that stopped answering is tried again, in ms. */
export const FIRST_REST_MS = 1000;
/** The longest wait between two tries, in ms: a replica that came back takes reads at most this long after. */
export const MAX_REST_MS = 30_000;

/** A change of a replica's state: `index` counts from 0 in `--read-database-url` order. */
export type ReplicaChange = { readonly index: number; readonly up: false; readonly reason: string } | { readonly index: number; readonly up: true };

interface State {
  up: boolean;
  restMs: number;
  timer?: ReturnType<typeof setTimeout> | undefined;
}

export class ReplicaHealth {
  private readonly states: State[];
  private turn = 0;
  private closed = false;

  /**
   * @param probe tries replica `index` with a trivial statement: resolves to undefined when it
   *   answers, to why not when it does not.
   * @param onChange told when a replica is left out and when it is taken back.
   */
  constructor(
    count: number,
    private readonly probe: (index: number) => Promise<string | undefined>,
    private readonly onChange: (change: ReplicaChange) => void = () => {},
  ) {
    this.states = Array.from({ length: count }, () => ({ up: true, restMs: 0 }));
  }

  /** The replica for the next read (in turn, among those that answer); undefined: read the primary. */
  next(): number | undefined {
    const n = this.states.length;
    for (let k = 0; k < n; k++) {
      const i = this.turn++ % n;
      if ((this.states[i] as State).up) return i;
    }
    return undefined;
  }

  /** Replica `index` did not answer a read: leave it out until a try in the background succeeds. */
  failed(index: number, reason: string): void {
    const s = this.states[index] as State;
    // Reads that were already waiting on it when it was left out fail too: one change for them all.
    if (!s.up || this.closed) return;
    s.up = false;
    s.restMs = FIRST_REST_MS;
    this.onChange({ index, up: false, reason });
    this.tryLater(index);
  }

  /** Tries every replica that takes reads once (at start): one that does not answer is left out. */
  async checkAll(): Promise<void> {
    await Promise.all(
      this.states.map(async (s, index) => {
        if (!s.up) return;
        const why = await this.probe(index);
        if (why !== undefined) this.failed(index, why);
      }),
    );
  }

  /** Whether each replica takes reads (1) or is left out (0), in `--read-database-url` order. */
  upStates(): number[] {
    return this.states.map((s) => (s.up ? 1 : 0));
  }

  /** Stops the tries in the background (when the pools close). */
  close(): void {
    this.closed = true;
    for (const s of this.states) clearTimeout(s.timer);
  }

  private tryLater(index: number): void {
    const s = this.states[index] as State;
    s.timer = setTimeout(() => {
      void this.probe(index).then((why) => {
        if (this.closed) return;
        if (why === undefined) {
          s.up = true;
          s.restMs = 0;
          this.onChange({ index, up: true });
        } else {
          s.restMs = Math.min(s.restMs * 2, MAX_REST_MS);
          this.tryLater(index);
        }
      });
    }, s.restMs);
    // The tries never keep the process alive.
    s.timer.unref();
  }
}
