/**
 * Stage `check` (work in progress).
 * @module
 */
export {};
