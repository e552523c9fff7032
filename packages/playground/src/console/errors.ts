/** One line for the status bar from anything a client call can throw. */
import { CatalogApiError, CatalogNetworkError, isQueryError } from 'catq/client';

export function describeError(e: unknown): string {
  if (e instanceof CatalogApiError) {
    const what = e.status === 401 ? 'The service refused the key' : `The service answered ${e.status}`;
    return `${what}: ${e.messages.join(' ')}`;
  }
  if (e instanceof CatalogNetworkError) return `The service cannot be reached${e.timedOut ? ' (timed out)' : ''}: ${e.message}`;
  if (isQueryError(e)) return `Not sent: ${e.diagnostics.map((d) => d.message).join(' ')}`;
  return e instanceof Error ? e.message : String(e);
}
