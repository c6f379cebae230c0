// The ceiling server's process: node:http answering from the prepared answers (see ceiling.ts).
// Prints its URL on the first line once it listens. A second argument above 1 runs that many
// processes on the port with node:cluster, as the service's WORKERS does.
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerKey, type Answer } from './ceiling.js';

const workers = Number(process.argv[3] ?? 1);
// CEILING_PORT: a port chosen by the caller (bench/instructions.ts cannot read this line under valgrind).
const port = Number(process.env.CEILING_PORT ?? 0);

if (workers > 1 && cluster.isPrimary) {
  const forked = Array.from({ length: workers }, () => cluster.fork());
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    if (++listening === workers) console.log(`http://127.0.0.1:${address.port}`);
  });
  process.on('SIGTERM', () => {
    let exited = 0;
    cluster.on('exit', () => ++exited === workers && process.exit(0));
    for (const worker of forked) worker.process.kill('SIGTERM');
  });
} else {
  const answers = new Map(
    (JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Answer[]).map((a) => [
      a.key,
      { status: a.status, headers: a.headers.flat(), body: Buffer.from(a.body, 'base64') },
    ]),
  );

  const server = createServer((req, res) => {
    const answer = answers.get(answerKey(req.method ?? 'GET', req.url ?? '/', req.headers.accept));
    // A request body (the POST operation's) is read and ignored, as the service does.
    req.resume();
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  server.listen(port, '127.0.0.1', () => {
    if (cluster.isPrimary) console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
}
