/**
 * Cursor pagination as async iterators: every page of a list, following `NextQuery` forward or
 * `PrevQuery` backward until it is absent. One iterator turns each page once, even when several
 * consumers pull from it at the same time (their `next()` calls are served in turn, each item
 * goes to exactly one of them), and a service that sends a page's parameters twice is an error,
 * never an endless loop.
 */
import { throwBadArgument } from '../diagnostics/index.js';
import { idToText } from '../listing/id-text.js';
import { CatalogResponseError } from './errors.js';
import { scopeQParameter } from './query-parameter.js';
import type { Comparison, Page, Scope } from './types.js';

/** Which way a list is walked. */
export type Direction = 'forward' | 'backward';

/** The parameters of one page request; `q` is already encoded for the query string. */
export interface PageParams {
  readonly q?: string;
  readonly 'boundary-id'?: string | number;
  readonly comparison?: Comparison;
  readonly limit?: number;
  readonly order?: 'asc';
}

/** Fetches one page. */
export type PageFetcher<T, Id> = (params: PageParams) => Promise<Page<T, Id>>;

/** The query string of a page request, parameters in the specification's order. */
export function pageQueryString(p: PageParams): string {
  const parts: string[] = [];
  if (p.q !== undefined) parts.push(`q=${p.q}`);
  for (const name of ['boundary-id', 'comparison', 'limit', 'order'] as const) {
    const v = p[name];
    if (v !== undefined) parts.push(`${name}=${encodeURIComponent(String(v))}`);
  }
  return parts.join('&');
}

/** The request parameters a Scope from the service stands for. */
export function paramsOfScope(scope: Scope<unknown>): PageParams {
  const out: { -readonly [K in keyof PageParams]: PageParams[K] } = {};
  if (typeof scope.q === 'string' && scope.q !== '') out.q = scopeQParameter(scope.q);
  const b = scope['boundary-id'];
  if (typeof b === 'string' || (typeof b === 'number' && Number.isFinite(b))) out['boundary-id'] = b;
  // Sent back as the service gave them (a wrong value is the service's to reject), when scalar.
  const scalar = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
  if (scalar(scope.comparison)) out.comparison = scope.comparison as Comparison;
  if (scalar(scope.limit)) out.limit = scope.limit as number;
  if (scalar(scope.order)) out.order = scope.order as 'asc';
  return out;
}

/** Checks the shape every cursor page must have before the walker relies on it. */
export function checkPage<T, Id>(body: unknown, facts: { method: string; url: string }): Page<T, Id> {
  const page = body as Partial<Page<T, Id>> | null;
  const scopeOk = (s: unknown) => s === undefined || (typeof s === 'object' && s !== null && !Array.isArray(s));
  if (!page || typeof page !== 'object' || !Array.isArray(page.Items) || !scopeOk(page.NextQuery) || !scopeOk(page.PrevQuery)) {
    throw new CatalogResponseError('the response is not a cursor page ({ Items, Metadata, NextQuery?, PrevQuery? })', body, facts);
  }
  return page as Page<T, Id>;
}

/**
 * Serialises calls: each runs after the previous one settled, so that two consumers of one
 * iterator never fetch the same page.
 */
class Turns {
  private tail: Promise<unknown> = Promise.resolve();

  run<R>(step: () => Promise<R>): Promise<R> {
    const result = this.tail.then(step);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/** Where a walk starts: the first request, or a search for the last page (backward without a start). */
export type WalkStart = { readonly params: PageParams } | { readonly fromEnd: PageParams };

/**
 * An async iterator over the pages of a list. `[Symbol.asyncIterator]()` returns the iterator
 * itself: a second `for await` over it continues the same walk, it does not start another.
 */
export class PageIterator<T, Id = string | number> implements AsyncIterableIterator<Page<T, Id>> {
  private readonly turns = new Turns();
  private pending: PageParams | undefined;
  private started = false;
  private finished = false;
  private failure: { error: unknown } | undefined;
  private readonly seen = new Set<string>();

  constructor(
    private readonly fetchPage: PageFetcher<T, Id>,
    private readonly start: WalkStart,
    /** The direction of the walk. */
    readonly direction: Direction,
    /** The list's URL, for error messages. */
    private readonly where = '',
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** The next page; pages are fetched one at a time, in order, each once. */
  next(): Promise<IteratorResult<Page<T, Id>, undefined>> {
    return this.turns.run(() => this.step());
  }

  /** Ends the walk (for every consumer of this iterator). */
  return(): Promise<IteratorResult<Page<T, Id>, undefined>> {
    this.finished = true;
    return Promise.resolve({ done: true, value: undefined });
  }

  private async step(): Promise<IteratorResult<Page<T, Id>, undefined>> {
    if (this.failure) throw this.failure.error;
    if (this.finished) return { done: true, value: undefined };
    try {
      if (!this.started) {
        this.started = true;
        this.pending = 'params' in this.start ? this.start.params : await this.lastPageParams(this.start.fromEnd);
      }
      const params = this.pending;
      if (params === undefined) {
        this.finished = true;
        return { done: true, value: undefined };
      }
      this.remember(params);
      const page = await this.fetchPage(params);
      const following = this.direction === 'forward' ? page.NextQuery : page.PrevQuery;
      this.pending = following ? paramsOfScope(following) : undefined;
      return { done: false, value: page };
    } catch (error) {
      this.failure = { error };
      throw error;
    }
  }

  private remember(params: PageParams): void {
    const key = pageQueryString(params);
    if (this.seen.has(key)) {
      throw new CatalogResponseError(`the service sent the parameters of a page already read (${key}); stopping instead of looping`, params, { method: 'GET', url: this.where });
    }
    this.seen.add(key);
  }

  /**
   * The first request of a backward walk from the end: the list is read forward in pages of 1000
   * (the largest the interface allows) to find the last id, then the last page is the `limit`
   * items `<=` it. Undefined when the list is empty.
   */
  private async lastPageParams(base: PageParams): Promise<PageParams | undefined> {
    const scouted = new Set<string>();
    let params: PageParams = { ...base, limit: 1000 };
    let last: unknown;
    for (;;) {
      const key = pageQueryString(params);
      if (scouted.has(key)) throw new CatalogResponseError(`the service sent the parameters of a page already read (${key}); stopping instead of looping`, params, { method: 'GET', url: this.where });
      scouted.add(key);
      const page = await this.fetchPage(params);
      const items = page.Items as readonly { Id?: unknown }[];
      if (items.length) last = items[items.length - 1]?.Id;
      if (!page.NextQuery) break;
      params = paramsOfScope(page.NextQuery);
    }
    if (typeof last !== 'string' && typeof last !== 'number') return undefined;
    const { 'boundary-id': _b, comparison: _c, ...rest } = base;
    // An id as a URL text (a string that reads as a number goes in quotes; see idToText).
    return { ...rest, 'boundary-id': typeof last === 'string' ? idToText(last) : last, comparison: '<=' };
  }
}

/**
 * An async iterator over the items of every page of a list: ascending when walking forward,
 * descending when walking backward. Like {@link PageIterator}, it is its own iterable and hands
 * each item to exactly one consumer.
 */
export class ItemIterator<T, Id = string | number> implements AsyncIterableIterator<T> {
  private readonly turns = new Turns();
  private buffer: T[] = [];
  private position = 0;

  constructor(private readonly pages: PageIterator<T, Id>) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** The next item; a page is fetched only when the previous one is used up. */
  next(): Promise<IteratorResult<T, undefined>> {
    return this.turns.run(async () => {
      while (this.position >= this.buffer.length) {
        const r = await this.pages.next();
        if (r.done) return { done: true, value: undefined };
        this.buffer = this.pages.direction === 'forward' ? [...r.value.Items] : [...r.value.Items].reverse();
        this.position = 0;
      }
      const value = this.buffer[this.position++] as T;
      return { done: false, value };
    });
  }

  /** Ends the walk. */
  async return(): Promise<IteratorResult<T, undefined>> {
    this.buffer = [];
    this.position = 0;
    await this.pages.return();
    return { done: true, value: undefined };
  }

  /**
   * Collects items into an array, at most `max` of them (a cap is required: a list can be
   * larger than memory). Stops fetching once `max` items are collected.
   */
  async toArray(options: { readonly max: number }): Promise<T[]> {
    const max = (options as { max?: unknown } | undefined)?.max;
    if (typeof max !== 'number' || !(Number.isInteger(max) || max === Number.POSITIVE_INFINITY) || max < 0) {
      throwBadArgument('toArray', 'options.max', 'a whole number ≥ 0 (or Infinity)', max, 'Pass toArray({ max: 10_000 }); a cap is required.');
    }
    const out: T[] = [];
    while (out.length < max) {
      const r = await this.next();
      if (r.done) break;
      out.push(r.value);
    }
    return out;
  }
}
