// npm run bench:sync-hostile [-- --seconds 10]
//
// Whether the API slows while its SYNC_FROM job reads from a hostile upstream (issue 45 item 1): the
// upstream streams a JSON array that never ends (about 8 MiB a second, so the job's read to its
// SYNC_MAX_ANSWER_BYTES limit spans the measurement). The same `rates serve` is measured without a
// sync job and with it, one after the other in this run: /health requests a second and latency, the
// bytes the upstream sent while measured, and the server's peak RSS. Before the limit, the job read
// such an answer until the process held gigabytes and /health took seconds.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadAverage } from './harness/load.js';
import { ensureCompiledBuild, startService } from './harness/service.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const seconds = Number(values.seconds);

const row = JSON.stringify({ mfr_dDataDate: '2026-11-20T00:00:00', mfr_fNav: 10.1234, mfr_fBuy: 10.2 });
const chunk = `${row},`.repeat(700);
let streaming = false;
let sent = 0;
const answers = new Set<ServerResponse>();
const upstream = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).write('[');
  answers.add(res);
  res.on('close', () => answers.delete(res));
});
// One chunk every 8 ms to each open answer while streaming, about 8 MiB a second: what the job does
// not read piles up in this process, not the service's, so the figure is what was offered.
const pace = setInterval(() => {
  if (!streaming) return;
  for (const res of answers) {
    res.write(chunk);
    sent += chunk.length;
  }
}, 8);
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

ensureCompiledBuild();
console.log(`/health under 8 connections for ${seconds} s; 2 CPUs, load average ${loadAverage()}`);
for (const [name, settings] of [
  ['no sync job', {}],
  ['SYNC_FROM endless', { SYNC_FROM: upstreamUrl, SYNC_KEY: 'bench' }],
] as const) {
  const dir = mkdtempSync(join(tmpdir(), 'rates-bench-hostile-'));
  const service = await startService(
    `sqlite:${join(dir, 'rates.db')}`,
    { path: '/health', key: '' },
    { compiled: true, settings },
  );
  const before = sent;
  streaming = true;
  const result = await autocannon({ url: `${service.url}/health`, connections: 8, duration: seconds });
  streaming = false;
  const { peakMb } = service.memory();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `${name.padEnd(18)} ${Math.round(result.requests.average).toLocaleString('en-US')} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
      `upstream sent ${((sent - before) / 2 ** 20).toFixed(0)} MiB, peak RSS ${peakMb.toFixed(0)} MB`,
  );
}
clearInterval(pace);
for (const res of answers) res.destroy();
upstream.close();
