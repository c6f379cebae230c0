import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCall, type LoggedCall } from '../../src/calls/completion.js';
import { loggableUrl } from '../../src/http/logging.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { captureLog } from '../helpers/log.js';

// The framework logs a call through its per-request child logger (which names the request id); the
// fast path through the app's logger, naming the id itself. Both call the call core's logCall.

const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream });
});
afterAll(async () => t.close());

const call = (fields: Partial<LoggedCall>): LoggedCall => ({
  method: 'GET',
  url: '/api/FundPriceService/LatestDate',
  ip: '127.0.0.1',
  statusCode: 200,
  responseTime: 0.0421,
  ...fields,
});

const calls = [
  call({}),
  call({ url: loggableUrl('/api/x?subscription-key=secret&q=%22'), ip: '::ffff:10.0.0.1', statusCode: 304 }),
  call({ url: '/api/\u00e9"\\\u0001\u2028', responseTime: 12 }),
  call({ url: `/api/${'long/'.repeat(40)}`, responseTime: 1e-7 }),
  call({ url: '/api/\ud83d\ude00/\ud83d', ip: '' }),
];

/** The lines written while `write` runs. */
async function linesOf(write: () => void): Promise<string[]> {
  const before = log.lines.length;
  write();
  await new Promise((resolve) => setImmediate(resolve));
  return log.lines.slice(before);
}

const withoutTime = (line: string) => line.replace(/,"time":\d+/, '');

describe('the request log line of a call', () => {
  it("is byte for byte the same on the fast path as through the framework's request logger", async () => {
    const logger = t.app.log as Logger;
    for (const c of calls) {
      const reqId = randomUUID();
      const [fast] = await linesOf(() => logCall(logger, c, reqId));
      const [framework] = await linesOf(() => logCall(logger.child({ reqId }), c));
      expect(withoutTime(fast!)).toBe(withoutTime(framework!));
      expect(JSON.parse(fast!)).toMatchObject({
        reqId,
        req: { method: 'GET', url: loggableUrl(c.url), remoteAddress: c.ip },
        res: { statusCode: c.statusCode },
        responseTime: c.responseTime,
        msg: 'request completed',
        level: 30,
      });
    }
  });

  it('never names a key given in the URL', async () => {
    const [line] = await linesOf(() =>
      logCall(t.app.log as Logger, call({ url: '/api/x?subscription-key=secret' }), 'id-1'),
    );
    expect(line).not.toContain('secret');
    expect(JSON.parse(line!)).toMatchObject({ req: { url: '/api/x?subscription-key=[redacted]' } });
  });
});
