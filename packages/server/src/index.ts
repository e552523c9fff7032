/**
 * catq-server as a library: start the catalog management service in a process of your own
 * (the `catq-server` command does exactly this), or build its Fastify application.
 * @module
 */
export { startServer, type RunningServer } from './start.js';
export { StartError } from './start-error.js';
export { readCatalogs } from './catalog-files.js';
export { readItems } from './seed.js';
export { readConfig, USAGE, UsageError, type ServerConfig } from './config.js';
export { buildApp } from './app.js';
export type { ServiceContext } from './context.js';
export { openPglite, openPostgres, type Db, type Queryable } from './store/db.js';
