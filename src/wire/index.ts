/**
 * Stage `wire` (work in progress).
 * @module
 */
export {};
