/**
 * Stage `sql` (work in progress).
 * @module
 */
export {};
