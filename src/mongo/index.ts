/**
 * Stage `mongo` (work in progress).
 * @module
 */
export {};
