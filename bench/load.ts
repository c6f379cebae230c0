// A small closed-loop HTTP load generator, run in its own process by bench/gateway.ts so it does not
// share the server's event loop: `connections` keep-alive clients each send the next request as soon
// as the previous answer arrives, for `seconds`. Prints one JSON line: requests, rps, statuses.
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    key: { type: 'string', default: '' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
  },
});
const url = new URL(values.url ?? '');
const connections = Number(values.connections);
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const headers = values.key ? { 'Ocp-Apim-Subscription-Key': values.key } : {};
const statuses: Record<number, number> = {};
let requests = 0;
const until = performance.now() + Number(values.seconds) * 1000;

function once(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
        requests += 1;
        resolve();
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function client(): Promise<void> {
  while (performance.now() < until) await once();
}

const started = performance.now();
await Promise.all(Array.from({ length: connections }, client));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
console.log(JSON.stringify({ requests, rps: requests / seconds, statuses }));
