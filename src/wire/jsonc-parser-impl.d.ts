/**
 * jsonc-parser's ES module of its parser, imported by load-helpers.browser.ts (the package ships
 * declarations for its main module only); `visit` is the one the main module re-exports.
 */
declare module 'jsonc-parser/lib/esm/impl/parser.js' {
  export const visit: typeof import('jsonc-parser').visit;
}
