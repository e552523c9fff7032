/**
 * Stage `eval` (work in progress).
 * @module
 */
export {};
