/**
 * The operator table: one entry per operator with its wire tag, infix spelling, value shape and
 * allowed attribute types, read by every stage.
 * @module
 */
export * from './table.js';
