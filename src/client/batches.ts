/**
 * The batch helpers' engine: splits any number of items into requests of at most `size`, sends
 * them with at most `concurrency` in flight, and gathers every warning with the position of its
 * item in the caller's array.
 *
 * Order is kept where it matters: when the helper knows the items' ids, a request that shares an
 * id with an earlier request starts only after that one was acknowledged, so the last occurrence
 * of an id in the caller's array is the one applied, as in a single request. The first failure
 * stops new requests from being sent; the error then says which ranges were acknowledged.
 */
import { CatalogApiError, CatalogNetworkError, type BatchFailure } from './errors.js';
import { warningIndex } from './warnings.js';
import type { BatchResult, BatchWarning, JobSubmission, RawItem } from './types.js';

/** Sends one request of the batch. */
export type ChunkSender = (items: readonly RawItem[]) => Promise<JobSubmission>;

/** The id of a raw item as a string key (`5` and `"5"` share one: never less order than needed), or undefined. */
export type IdOf = (item: RawItem) => string | undefined;

type Range = { start: number; end: number };

/** The `[start, end)` ranges of `count` items in requests of at most `size`. */
export function chunkRanges(count: number, size: number): Range[] {
  const out: Range[] = [];
  for (let start = 0; start < count; start += size) out.push({ start, end: Math.min(count, start + size) });
  return out;
}

/**
 * For each request, the earlier requests it must wait for: the latest earlier request holding
 * each of its ids (waiting for that one is enough, it waited for the ones before it).
 */
export function chunkDependencies(items: readonly RawItem[], ranges: readonly Range[], idOf: IdOf): number[][] {
  const lastChunkOf = new Map<string, number>();
  return ranges.map((r, i) => {
    const deps = new Set<number>();
    for (let k = r.start; k < r.end; k++) {
      const id = idOf(items[k] as RawItem);
      if (id === undefined) continue;
      const prev = lastChunkOf.get(id);
      if (prev !== undefined && prev !== i) deps.add(prev);
      lastChunkOf.set(id, i);
    }
    return [...deps];
  });
}

/**
 * Runs the requests of a batch; resolves to every warning with caller-array indices. Without
 * `idOf` the requests run one at a time (the only order-safe choice when ids are unknown).
 */
export async function runBatches(items: readonly RawItem[], size: number, concurrency: number, sendChunk: ChunkSender, idOf?: IdOf): Promise<BatchResult> {
  const ranges = chunkRanges(items.length, size);
  const deps = idOf ? chunkDependencies(items, ranges, idOf) : ranges.map((_, i) => (i > 0 ? [i - 1] : []));
  const state: ('waiting' | 'sent' | 'done')[] = ranges.map(() => 'waiting');
  const warnings: BatchWarning[] = [];
  const acknowledged: Range[] = [];
  const inflight = new Set<Promise<void>>();
  let failure: { error: unknown; range: Range } | undefined;

  const start = (i: number) => {
    const range = ranges[i] as Range;
    state[i] = 'sent';
    const chunk = items.slice(range.start, range.end);
    const p: Promise<void> = sendChunk(chunk).then(
      (result) => {
        state[i] = 'done';
        acknowledged.push(range);
        for (const w of Array.isArray(result?.Warnings) ? result.Warnings : []) warnings.push(placeWarning(w, range, chunk, idOf));
      },
      (error: unknown) => {
        failure ??= { error, range };
      },
    );
    const tracked = p.finally(() => inflight.delete(tracked));
    inflight.add(tracked);
  };
  const firstReady = () => state.findIndex((s, i) => s === 'waiting' && (deps[i] as number[]).every((d) => state[d] === 'done'));

  for (;;) {
    while (!failure && inflight.size < concurrency) {
      const i = firstReady();
      if (i < 0) break;
      start(i);
    }
    if (inflight.size === 0) break;
    await Promise.race(inflight);
  }

  if (failure) {
    const { error, range } = failure;
    if (error instanceof CatalogApiError || error instanceof CatalogNetworkError) {
      const batch: BatchFailure = { ...range, acknowledged: acknowledged.sort((a, b) => a.start - b.start) };
      error.batch = batch;
    }
    throw error;
  }
  return { warnings: warnings.sort(byIndex) };
}

/**
 * A service warning placed in the caller's array: by the position it names (one beyond its
 * request is not trusted), else by the id it names (`id 42`, `id "abc"`), when ids are known: the
 * last item of the request with that id.
 */
function placeWarning(w: unknown, range: Range, chunk: readonly RawItem[], idOf: IdOf | undefined): BatchWarning {
  const message = w && typeof w === 'object' && typeof (w as { message?: unknown }).message === 'string' ? (w as { message: string }).message : JSON.stringify(w);
  const local = warningIndex(w);
  if (local !== undefined) return local < chunk.length ? { index: range.start + local, message } : { message };
  const named = idOf ? namedId(message) : undefined;
  if (named !== undefined && idOf) {
    for (let k = chunk.length - 1; k >= 0; k--) if (idOf(chunk[k] as RawItem) === named) return { index: range.start + k, message };
  }
  return { message };
}

/** The id a message names as `id <JSON number or string>`, as an id key. */
function namedId(message: string): string | undefined {
  const m = /\bid\s+(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|"(?:[^"\\]|\\.)*")/.exec(message);
  if (!m?.[1]) return undefined;
  try {
    const v = JSON.parse(m[1]) as unknown;
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
  } catch {
    return undefined;
  }
}

function byIndex(a: BatchWarning, b: BatchWarning): number {
  if (a.index === undefined || b.index === undefined) return a.index === b.index ? 0 : a.index === undefined ? 1 : -1;
  return a.index - b.index;
}
