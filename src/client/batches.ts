/**
 * The batch helpers' engine: splits any number of items into requests of at most `size`, sends
 * them with at most `concurrency` in flight, and gathers every warning with the position of its
 * item in the caller's array. The first failure stops new requests from being sent; the error
 * then says which ranges were acknowledged (see `BatchFailure`).
 */
import { CatalogApiError, CatalogNetworkError, type BatchFailure } from './errors.js';
import { warningIndex } from './warnings.js';
import type { BatchResult, BatchWarning, JobSubmission, RawItem } from './types.js';

/** Sends one request of the batch (items `[start, end)` of the caller's array). */
export type ChunkSender = (items: readonly RawItem[]) => Promise<JobSubmission>;

/** The `[start, end)` ranges of `count` items in requests of at most `size`. */
export function chunkRanges(count: number, size: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let start = 0; start < count; start += size) out.push({ start, end: Math.min(count, start + size) });
  return out;
}

/** Runs the requests of a batch; resolves to every warning with caller-array indices. */
export async function runBatches(items: readonly RawItem[], size: number, concurrency: number, sendChunk: ChunkSender): Promise<BatchResult> {
  const ranges = chunkRanges(items.length, size);
  const warnings: BatchWarning[] = [];
  const acknowledged: { start: number; end: number }[] = [];
  let next = 0;
  let failure: { error: unknown; range: { start: number; end: number } } | undefined;

  const worker = async (): Promise<void> => {
    while (!failure && next < ranges.length) {
      const range = ranges[next++] as { start: number; end: number };
      try {
        const result = await sendChunk(items.slice(range.start, range.end));
        acknowledged.push(range);
        for (const w of Array.isArray(result?.Warnings) ? result.Warnings : []) warnings.push(placeWarning(w, range));
      } catch (error) {
        failure ??= { error, range };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ranges.length) }, worker));

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

/** A service warning placed in the caller's array (an index beyond the request is not trusted). */
function placeWarning(w: unknown, range: { start: number; end: number }): BatchWarning {
  const message = w && typeof w === 'object' && typeof (w as { message?: unknown }).message === 'string' ? (w as { message: string }).message : JSON.stringify(w);
  const local = warningIndex(w);
  return local !== undefined && local < range.end - range.start ? { index: range.start + local, message } : { message };
}

function byIndex(a: BatchWarning, b: BatchWarning): number {
  if (a.index === undefined || b.index === undefined) return a.index === b.index ? 0 : a.index === undefined ? 1 : -1;
  return a.index - b.index;
}
