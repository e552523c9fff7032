import { startListening, stopChild } from '../bench/lib.mjs';
import { catalog } from '../examples/generate.mjs';
import { writeFileSync } from 'node:fs';
writeFileSync('/tmp/cat1042.json', JSON.stringify(catalog));
const s = await startListening('packages/server/bin/catq-server.js', ['--port', '0', '--catalog', '/tmp/cat1042.json', '--api-key', 'k', '--log-level', 'warn', '--database-url', 'postgres://postgres@127.0.0.1:5432/catq_s1m']);
const q = process.argv[2] ?? JSON.stringify([[['matches', 'description'], 'rugged pot seams']]);
const url = `${s.url}/v1/catalog/1042/product?limit=100&q=${encodeURIComponent(q)}`;
const times = [];
for (let i = 0; i < 12; i++) { const t = performance.now(); const r = await fetch(url, { headers: { 'X-Service-ApiKey': 'k' } }); await r.text(); times.push((performance.now() - t).toFixed(1)); }
console.log(times.join(' '));
await stopChild(s.child);
