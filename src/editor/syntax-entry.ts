/**
 * The `catq/syntax` entry: the infix parser and formatter (stage `syntax`) with the editor
 * services over them (stage `editor`), as one import.
 * @module
 */
export * from '../syntax/index.js';
export * from './index.js';
