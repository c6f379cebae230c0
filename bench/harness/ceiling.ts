// The ceiling: what a bare node:http server does on this machine when it answers every benchmarked
// request with exactly the bytes the service sent for it (status, headers, body), prepared in
// advance. No routing beyond a map lookup, no key check, no database: the service's requests per
// second over this is the share of the machine's HTTP capacity that the service's own work leaves.
import { once } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { spawnNode } from './cli.js';
import { cpuSecondsOf, type Measured } from './measure.js';
import type { BenchRequest } from './requests.js';

/** One prepared answer; `key` is what the ceiling server looks requests up by. */
export interface Answer {
  key: string;
  status: number;
  headers: [string, string][];
  body: string; // base64
}

// Node's http server writes these itself, on every answer, for the ceiling as for the service.
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function answerKey(method: string, path: string, accept: string | undefined): string {
  return `${method} ${path} ${(accept ?? '').includes('text/csv') ? 'csv' : 'json'}`;
}

/** Asks the service each distinct request once, with the headers the load generator will send. */
export async function captureAnswers(base: string, requests: BenchRequest[]): Promise<Answer[]> {
  const answers = new Map<string, Answer>();
  for (const r of requests) {
    const key = answerKey(r.method, r.path, r.headers?.accept);
    if (answers.has(key)) continue;
    // Just after start, on a busy machine, the event-loop guard may still answer 503 for a moment.
    let answer = await capture(base, r, key);
    for (let tries = 0; answer.status === 503 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await capture(base, r, key);
    }
    if (answer.status !== 200) throw new Error(`${r.method} ${r.path}: ${answer.status}`);
    answers.set(key, answer);
  }
  return [...answers.values()];
}

function capture(base: string, r: BenchRequest, key: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${r.path}`, { method: r.method, headers: r.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const [name, value] = [res.rawHeaders[i]!, res.rawHeaders[i + 1]!];
          if (!PER_CONNECTION.has(name.toLowerCase())) headers.push([name, value]);
        }
        const body = Buffer.concat(chunks).toString('base64');
        resolve({ key, status: res.statusCode ?? 0, headers, body });
      });
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

/** Starts the ceiling server in its own process; resolves with its URL and a way to stop it. */
export async function startCeiling(
  answers: Answer[],
  /** Processes serving the port, as the service's WORKERS. */
  workers = 1,
): Promise<Measured & { url: string; stop: () => Promise<void> }> {
  const file = join(tmpdir(), `rates-bench-ceiling-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(answers));
  const server = join(import.meta.dirname, 'ceiling-server.ts');
  const child = spawnNode(['--import', 'tsx', server, file, String(workers)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const line = await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line').then(([first]) => String(first)),
    exited.then(() => undefined),
  ]);
  rmSync(file); // read once at start
  if (!line) throw new Error('the ceiling server did not start');
  return {
    url: line.trim(),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
