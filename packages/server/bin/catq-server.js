#!/usr/bin/env node
// The command's entry is committed (not built) so that npm links `catq-server` into
// node_modules/.bin at `npm ci` time, before `npm run build` has made dist/.
import('../dist/cli.js');
