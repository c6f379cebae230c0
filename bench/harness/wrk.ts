// One measurement by wrk (Debian's `wrk` package), the load generator in C. autocannon reads every
// answer's body into a JavaScript string (`req.body += chunk`): for the 400 kB of a fund's 3-year
// history, Thai names in every record, that decoding holds it to about 900 answers a second whatever
// the server does, so a p99 measured by it is autocannon's own. wrk only counts the bytes.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRequest } from './requests.js';

/** What one wrk run counted; latencies in milliseconds (wrk measures microseconds). */
export interface WrkResult {
  /** Answers received, whatever their status. */
  answers: number;
  seconds: number;
  /** Answers with a status other than 2xx or 3xx. */
  badStatus: number;
  /** Connect, read and write errors and timeouts. */
  socketErrors: number;
  p50: number;
  p99: number;
}

/** Whether wrk is installed (`apt-get install wrk`). */
export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits with 1; only a missing command is a failure to start.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

export async function runWrk(
  url: string,
  requests: BenchRequest[],
  options: { seconds: number; connections: number },
): Promise<WrkResult> {
  const script = join(tmpdir(), `rates-bench-wrk-${process.pid}.lua`);
  writeFileSync(script, luaScript(requests));
  try {
    const output = await run('wrk', [
      '--threads',
      '1',
      '--connections',
      String(options.connections),
      '--duration',
      `${Math.max(1, Math.round(options.seconds))}s`,
      // A slow heavy answer is a latency to report, not an error.
      '--timeout',
      '30s',
      '--script',
      script,
      url,
    ]);
    const line = output.split('\n').find((l) => l.startsWith('{"answers"'));
    if (!line) throw new Error(`wrk printed no summary:\n${output}`);
    const s = JSON.parse(line) as Record<string, number>;
    return {
      answers: s.answers!,
      seconds: s.duration! / 1e6,
      badStatus: s.status!,
      socketErrors: s.connect! + s.read! + s.write! + s.timeout!,
      p50: s.p50! / 1000,
      p99: s.p99! / 1000,
    };
  } finally {
    rmSync(script, { force: true });
  }
}

/**
 * The requests in turn, each formatted once (wrk.format), and a summary line of JSON at the end.
 * Paths, headers and bodies are ASCII, so a JSON string literal is also a Lua one.
 */
function luaScript(requests: BenchRequest[]): string {
  const literal = (text: string) => {
    if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not printable ASCII: ${text}`);
    return JSON.stringify(text);
  };
  const formatted = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([name, value]) => `[${literal(name)}] = ${literal(value)}`)
      .join(', ');
    const body = r.body === undefined ? 'nil' : literal(r.body);
    return `wrk.format(${literal(r.method)}, ${literal(r.path)}, { ${headers} }, ${body})`;
  });
  return `
local requests = {}
local at = 0
init = function(args)
  requests = { ${formatted.join(',\n    ')} }
end
request = function()
  at = at % #requests + 1
  return requests[at]
end
done = function(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    '{"answers":%d,"duration":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}:\n${out}`)),
    );
  });
}
