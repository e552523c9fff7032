/**
 * Chevrotain for browsers and workers: a static import, which the application's bundler
 * includes (or leaves out, when nothing calls `loadChevrotain`). Chosen over load-chevrotain.ts
 * by the package's `imports` map (`#catq/load-chevrotain`) under every condition but `node`.
 */
import * as chevrotain from 'chevrotain';

/** The Chevrotain module (already loaded with the bundle). */
export function loadChevrotain(): typeof chevrotain {
  return chevrotain;
}
