// `catq preflight --service`: the items counted through List Catalog Items of the live service
// (catq/client), in pages of up to 1000, with a progress bar and the `--max-items` cap.
import type { Query } from '../ast/index.js';
import type { ListedItem } from '../listing/index.js';
import type { CliContext } from './context.js';
import type { ItemCounts } from './preflight-verdict.js';
import { serviceError, type Service } from './service.js';
import { walkProgress } from './walk-progress.js';

/** The largest page the interface allows. */
const PAGE_LIMIT = 1000;

/** Options of {@link serviceCounts}. */
export interface ServiceCountOptions {
  /** Stop each count after this many items (the count is then a lower bound). */
  readonly maxItems: number | undefined;
  /** How many matching items to keep as examples. */
  readonly examples: number;
  /** Allow the progress bar (it still appears only on a terminal, once a walk has two pages). */
  readonly progress: boolean;
}

/** What one walk over a list gave. */
interface Walk {
  readonly count: number;
  readonly lowerBound: boolean;
  readonly first: readonly ListedItem[];
}

/**
 * Counts the catalog's products matching `query`, and all of its products, through List Catalog
 * Items; keeps the first matching ones (in id order) as examples. The query was checked against
 * the catalog the service sent; the client checks it again before sending it.
 */
export async function serviceCounts(service: Service, catalogId: number, query: Query, options: ServiceCountOptions, ctx: CliContext): Promise<ItemCounts> {
  const path = `${service.url}/v1/catalog/${catalogId}/product`;
  const matched = await walk(service, catalogId, query, options, ctx, 'counting matches');
  // The empty query matches every item: one walk gives both counts.
  const all = query.clauses.length === 0 ? matched : await walk(service, catalogId, undefined, { ...options, examples: 0 }, ctx, 'counting items');
  return {
    path,
    total: all.count,
    matches: matched.count,
    share: all.count ? matched.count / all.count : 0,
    examples: matched.first.slice(0, options.examples),
    totalIsLowerBound: all.lowerBound,
    matchesIsLowerBound: matched.lowerBound,
  };
}

async function walk(service: Service, catalogId: number, q: Query | undefined, options: ServiceCountOptions, ctx: CliContext, label: string): Promise<Walk> {
  const cap = options.maxItems;
  const limit = Math.min(PAGE_LIMIT, cap ?? PAGE_LIMIT);
  const pages = service.client.listItemPages(catalogId, 'product', { limit, ...(q ? { q } : {}) });
  const progress = walkProgress(ctx, label, cap, options.progress);
  const first: ListedItem[] = [];
  let count = 0;
  let read = 0;
  let lowerBound = false;
  try {
    for await (const page of pages) {
      read++;
      const room = cap === undefined ? page.Items.length : Math.min(page.Items.length, cap - count);
      for (let i = 0; i < room && first.length < options.examples; i++) first.push(page.Items[i] as ListedItem);
      count += room;
      await progress.update(count, read);
      if (room < page.Items.length || (cap !== undefined && count >= cap && page.NextQuery)) {
        // Stopped at --max-items with items left over: there may be more.
        lowerBound = true;
        break;
      }
    }
  } catch (e) {
    throw await serviceError(e, service, { catalogId });
  } finally {
    progress.stop();
  }
  return { count, lowerBound, first };
}
