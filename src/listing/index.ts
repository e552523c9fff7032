/**
 * Stage `listing` (work in progress).
 * @module
 */
export {};
