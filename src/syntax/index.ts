/**
 * Stage `syntax` (work in progress).
 * @module
 */
export {};
