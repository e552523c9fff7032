import { diagnostic } from './core-diagnostic.js';
import type { Diagnostic } from './model.js';

/** How many diagnostics one query reports by default before the rest are only counted. */
export const DEFAULT_MAX_DIAGNOSTICS = 100;

/**
 * Keeps the first `max` diagnostics and replaces the rest with one `limit/more-diagnostics`
 * saying how many were left out, so that a hostile query cannot produce an unbounded error
 * body. A list that was capped before (its "and N more" entry) is capped again correctly: the
 * counts add up (and a summary of a check that stopped early keeps saying so). The summary is an
 * error when any dropped diagnostic was an error.
 */
export function capDiagnostics(diagnostics: Diagnostic[], max: number = DEFAULT_MAX_DIAGNOSTICS): Diagnostic[] {
  let earlier = 0;
  let earlierError = false;
  let stopped = false;
  let kept = diagnostics;
  if (diagnostics.some((d) => d.code === 'limit/more-diagnostics')) {
    kept = [];
    for (const d of diagnostics) {
      if (d.code !== 'limit/more-diagnostics') kept.push(d);
      else {
        earlier += typeof d.data?.['count'] === 'number' ? d.data['count'] : 0;
        earlierError ||= d.severity === 'error';
        stopped ||= d.data?.['stopped'] === true;
      }
    }
  }
  if (kept.length <= max && earlier === 0) return diagnostics;
  const limit = Math.max(0, Math.floor(max));
  const head = kept.slice(0, limit);
  const dropped = kept.length - head.length + earlier;
  if (dropped === 0) return head;
  let anyError = earlierError;
  for (let i = head.length; i < kept.length && !anyError; i++) anyError = (kept[i] as Diagnostic).severity === 'error';
  head.push(diagnostic('limit/more-diagnostics', stopped ? { count: dropped, limit, stopped } : { count: dropped, limit }, { path: '', severity: anyError ? 'error' : 'warning' }));
  return head;
}
