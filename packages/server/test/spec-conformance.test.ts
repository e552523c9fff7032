/**
 * Spec conformance (support/conformance.ts) on embedded PGlite.
 */
import { describeConformance } from './support/conformance.js';

describeConformance('catq-server conforms to catalog-service.md');
