/**
 * The default maximum NDJSON line length: 16 MiB, far beyond any catalog item and far below a
 * memory problem. Its own module so that the command declarations (main.ts) can show it without
 * loading the NDJSON reader.
 */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
