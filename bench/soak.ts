// npm run soak [-- --seconds 60 --rate 150 --connections 8]
// Serves the demo dataset from a fresh data folder in its own process and sends it a fixed-rate mix of
// operations (autocannon); prints requests, errors, p99 latency and the server's RSS at start and end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 60);
// Below what this 2-core machine serves of this mix with the load generator beside it (~230 req/s).
const rate = arg('rate', 150);
const connections = arg('connections', 8);

const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'rates-soak-'));
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});
const url = `http://127.0.0.1:${port}`;
// Request logs would dominate a load test; warnings and errors still show. node itself runs the server
// (not the tsx wrapper process), so the RSS read below is the server's.
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli', 'main.ts'), 'serve'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let ready = false; !ready;) {
  await new Promise((r) => setTimeout(r, 200));
  ready = await fetch(`${url}/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
}
const key = readFileSync(join(dataDir, 'demo-key.txt'), 'utf8').trim();
const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

// Mostly the polled answers (FX banner, latest prices, latest date); some history, statistics, downloads.
const paths = [
  ...Array(4).fill('/api/ExchangeRateService/GetfxbannerAPI/USD50,GBP,EUR,JPY'),
  ...Array(3).fill('/api/FundPriceService/AllFundPrices/20/11/2026'),
  ...Array(3).fill('/api/FundPriceService/LatestDate'),
  '/api/FundPriceService/FundPrice_ByFundCode/101/01/01/2024/20/11/2026',
  '/api/FundPriceService/Fund_Nav_ByFundCode/B-TREASURY/01/01/2015/20/11/2026',
  '/api/ExchangeRateService/GetDownloadfxrates/01/01/2024/20/11/2026/USD50/th',
  '/api/InterestRatesService/GetDepositRate',
  '/api/ExchangeRateService/Getfxfamily',
];
const headers = { 'ocp-apim-subscription-key': key };

await autocannon({
  url,
  connections,
  duration: 3,
  overallRate: rate,
  requests: paths.map((path) => ({ path, headers })),
});
const rssStart = rss();
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  overallRate: rate,
  requests: paths.map((path) => ({ path, headers })),
});
const rssEnd = rss();
server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });

const errors = result.errors + result.timeouts + result.non2xx;
const growth = ((rssEnd - rssStart) / rssStart) * 100;
console.log(
  `soak: ${seconds} s at ${rate} req/s, ${connections} connections, a mix of ${paths.length} requests`,
);
console.log(`  requests      ${result.requests.total}`);
console.log(
  `  errors        ${errors} (target 0: ${result.non2xx} non-2xx, ${result.errors} socket errors, ${result.timeouts} timeouts)`,
);
console.log(`  latency p50   ${result.latency.p50} ms`);
console.log(`  latency p99   ${result.latency.p99} ms`);
console.log(`  RSS start     ${rssStart.toFixed(0)} MB`);
console.log(
  `  RSS end       ${rssEnd.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%, target under 10%)`,
);
process.exit(errors === 0 && growth < 10 ? 0 : 1);
