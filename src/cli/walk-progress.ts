import type { CliContext } from './context.js';

/** What a walk over the pages of a list reports after each page. */
export interface WalkProgress {
  /** After a page: items and pages read so far. */
  update(items: number, pages: number): Promise<void>;
  stop(): void;
}

/**
 * A progress bar on standard error for a walk over list pages (`cli-progress`, loaded only when
 * shown). It appears only on a terminal and only once a walk has more than one page; with a cap
 * (`--max-items`) it shows the share of the cap, otherwise the items and pages read so far.
 */
export function walkProgress(ctx: CliContext, label: string, cap: number | undefined, enabled: boolean): WalkProgress {
  let bar: { update(value: number, payload?: object): void; stop(): void } | undefined;
  const onSigint = (): void => {
    bar?.stop();
    process.exit(130);
  };
  return {
    async update(items, pages) {
      if (!enabled || !ctx.stderr.isTTY) return;
      const value = cap === undefined ? items : Math.min(items, cap);
      if (bar) {
        bar.update(value, { pages });
        return;
      }
      if (pages < 2) return;
      const { default: progress } = await import('cli-progress');
      const format = cap === undefined ? `${label} {value} items | {pages} pages` : `${label} {bar} {value}/{total} items | {pages} pages`;
      const single = new progress.SingleBar({ stream: ctx.stderr, format, hideCursor: true, clearOnComplete: true }, progress.Presets.shades_classic);
      single.start(cap ?? 0, value, { pages });
      bar = single;
      // The bar hides the cursor; give it back when the user interrupts the walk.
      process.once('SIGINT', onSigint);
    },
    stop() {
      bar?.stop();
      process.removeListener('SIGINT', onSigint);
    },
  };
}
