/**
 * The one place where Chevrotain token positions become spans. Chevrotain's `endOffset` is
 * inclusive (and absent with `positionTracking: 'onlyOffset'`, which the lexer uses for speed);
 * catq spans are half-open, so the end is `startOffset + image.length`, the same thing.
 */
import type { IToken } from 'chevrotain';
import type { Span } from '../ast/index.js';

/**
 * Whether a token stands in the text: not one that error recovery inserted or made up, whose
 * offsets are NaN (or -1).
 */
export function isRealToken(t: IToken | undefined): t is IToken {
  return t !== undefined && !t.isInsertedInRecovery && t.startOffset >= 0;
}

/** The half-open span of a real token (not one inserted by error recovery, whose offsets are NaN). */
export function tokenSpan(t: IToken): Span {
  const end = t.endOffset === undefined || Number.isNaN(t.endOffset) ? t.startOffset + t.image.length : t.endOffset + 1;
  return { start: t.startOffset, end };
}

/** The half-open end offset of a token. */
export function tokenEnd(t: IToken): number {
  return tokenSpan(t).end;
}
