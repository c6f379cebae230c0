import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pino, stdTimeFunctions } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallLog } from '../../src/calls/call-log.js';
import {
  callLineTemplate,
  loggableUrl,
  loggerOptions,
  writeCallLine,
  type LoggedCall,
} from '../../src/calls/log-line.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { captureLog } from '../helpers/log.js';
import { answerLookups, getOverHttp } from '../helpers/answers.js';

// The request log's lines are formatted with pino (calls/call-log.ts) as each call ends and written
// to the app's stream, which gathers them into blocks (http/log-destination.ts), written also at exit.

const line = (fields: Partial<LoggedCall>, i = 0): LoggedCall & { reqId: string } => ({
  method: 'GET',
  url: '/api/FundPriceService/LatestDate',
  ip: '127.0.0.1',
  statusCode: 200,
  responseTime: 0.0421,
  reqId: `id-${i}`,
  ...fields,
});

const lines = [
  line({}),
  line({ url: '/api/x?subscription-key=secret&q=%22', ip: '::ffff:10.0.0.1', statusCode: 304 }, 1),
  line({ url: '/api/\u00e9"\\\u0001\u2028', responseTime: 12 }, 2),
  line({ url: `/api/${'long/'.repeat(40)}`, responseTime: 1e-7 }, 3),
  line({ url: '/api/\ud83d\ude00/\ud83d', ip: '' }, 4),
];

/** A call's line as pino writes it with the app's options, its time left out. */
function byPino(l: (typeof lines)[number]): string {
  let text = '';
  writeCallLine(pino(loggerOptions('info'), { write: (t: string) => (text = t) }), l, l.reqId);
  return withoutTime(text);
}
const withoutTime = (text: string) => text.replace(/,"time":\d+,/, ',');

describe('the request log line of a call', () => {
  it("is written byte for byte as pino writes it with the app's options, at the time of the call", async () => {
    const captured = captureLog();
    const log = new CallLog(captured.stream);
    const before = Date.now();
    for (const l of lines) log.write(l, l.reqId);
    const after = Date.now();
    await captured.recordsFor(lines.map((l) => l.reqId));

    expect(captured.lines.map((l) => withoutTime(`${l}\n`))).toEqual(lines.map(byPino));
    // Milliseconds to the microsecond: 0.0421 is 0.042, 1e-7 is 0.
    const loggedMs = [0.042, 0.042, 12, 0, 0.042];
    expect(captured.records()).toMatchObject(
      lines.map((l, i) => ({
        level: 30,
        reqId: l.reqId,
        req: { method: 'GET', url: loggableUrl(l.url), remoteAddress: l.ip },
        res: { statusCode: l.statusCode },
        responseTime: loggedMs[i],
        msg: 'request completed',
      })),
    );
    for (const { time } of captured.records()) {
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after);
    }
    expect(captured.lines.join('\n')).not.toContain('secret');
  });

  it('is put together by a template when its strings need no escaping, and left to pino when they do', () => {
    const template = callLineTemplate(loggerOptions('info'));
    expect(template).toBeDefined();
    // Lines 0, 1 (its key masked) and 3 are plain; 2 has a quote, a backslash and control characters,
    // 4 a lone surrogate.
    const plain = [0, 1, 3];
    lines.forEach((l, i) => {
      const line = template!(l, l.reqId);
      if (plain.includes(i)) expect(withoutTime(line ?? '')).toBe(byPino(l));
      else expect(line).toBeUndefined();
    });
    expect(template!(line({ responseTime: NaN }), 'x')).toBeUndefined();
  });

  it("stamps a template's line with the millisecond it is written in, as pino's epochTime does", async () => {
    const template = callLineTemplate(loggerOptions('info'))!;
    const stamps: number[] = [];
    for (let i = 0; i < 20; i++) {
      const before = Date.now();
      const { time } = JSON.parse(template(lines[0]!, 'a1')!) as { time: number };
      const after = Date.now();
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after);
      stamps.push(time);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(new Set(stamps).size).toBe(20);
    // Another time function than pino's epochTime: every line goes through pino.
    expect(
      callLineTemplate({ ...loggerOptions('info'), timestamp: stdTimeFunctions.isoTime }),
    ).toBeUndefined();
  });

  it('loses no line when the process exits while some are still gathered or being written', async () => {
    const script = join(import.meta.dirname, 'fixtures', 'exit-after-calls.ts');
    for (const [count, waitMs] of [
      [5_000, 0],
      [10_000, 30],
      [20_000, 1],
    ] as const) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', script, String(count), String(waitMs)],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      const ids = stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { reqId: string }).reqId);
      expect(ids.length).toBe(count);
      expect(new Set(ids).size).toBe(count);
    }
  });
});

describe('the request log over HTTP', () => {
  const log = captureLog();
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp({ logStream: log.stream });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  it('has the same line for a call the framework answered and for the same call answered from the cache', async () => {
    const path = '/api/FundPriceService/LatestDate';
    const headers = { 'ocp-apim-subscription-key': t.key };
    const first = await getOverHttp(`${base}${path}`, headers);
    const second = await getOverHttp(`${base}${path}`, headers);
    expect((await answerLookups(t.gateway)).hit_direct).toBe(1);
    const records = await log.recordsFor([first.headers['x-request-id'], second.headers['x-request-id']]);
    const of = (answer: typeof first) => {
      const { reqId, time, responseTime, ...rest } = records.find(
        (r) => r.reqId === answer.headers['x-request-id'],
      ) as Record<string, unknown>;
      expect([typeof reqId, typeof time, typeof responseTime]).toEqual(['string', 'number', 'number']);
      return rest;
    };
    expect(of(second)).toEqual(of(first));
  });
});
