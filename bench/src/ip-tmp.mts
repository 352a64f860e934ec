import { probeIndex } from './suites/search/index-probe.ts';
const [root, db] = process.argv.slice(2);
const r = await probeIndex(root, db, 200, 3);
console.log(root, 'build', Math.round(r.buildMs), 'p50', r.latency.p50.toFixed(2), 'p95', r.latency.p95.toFixed(2), 'p99', r.latency.p99.toFixed(2), 'cpu/search', r.searchCpuMs.toFixed(2));
