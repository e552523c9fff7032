#!/usr/bin/env node
// The catq command line (work in progress).
process.stdout.write('catq: the command line is not built yet\n');
