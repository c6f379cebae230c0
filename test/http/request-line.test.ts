import { randomUUID } from 'node:crypto';
import { pino, type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableUrl, loggerOptions } from '../../src/http/logging.js';
import { pinoObject, requestLineWriter, type CompletedCall } from '../../src/http/request-line.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { captureLog } from '../helpers/log.js';

const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream });
});
afterAll(async () => t.close());

const call = (fields: Partial<CompletedCall>): CompletedCall => ({
  reqId: randomUUID(),
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
  call({ url: '/api/\u00e9"\\\u0001\u2028', reqId: 'client.id-1', responseTime: 12 }),
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

describe('the request log line of a direct answer', () => {
  it("is byte for byte the line the service's pino logger writes for the same call", async () => {
    const logger = t.app.log as Logger;
    const write = requestLineWriter(logger);
    expect(write).toBeDefined();
    for (const c of calls) {
      const [byHand] = await linesOf(() => write!(c));
      const [byPino] = await linesOf(() => logger.info(pinoObject(c), 'request completed'));
      expect(withoutTime(byHand!)).toBe(withoutTime(byPino!));
      expect(JSON.parse(byHand!)).toMatchObject({ reqId: c.reqId, req: { url: c.url }, level: 30 });
    }
  });

  it("takes the level, time and bindings from pino's own settings", async () => {
    const labelled = pino(
      { ...loggerOptions('info'), formatters: { level: (label) => ({ level: label }) } },
      log.stream,
    ).child({ node: 'b' });
    const write = requestLineWriter(labelled);
    expect(write).toBeDefined();
    const c = calls[1]!;
    const [byHand] = await linesOf(() => write!(c));
    const [byPino] = await linesOf(() => labelled.info(pinoObject(c), 'request completed'));
    expect(withoutTime(byHand!)).toBe(withoutTime(byPino!));
    expect(JSON.parse(byHand!)).toMatchObject({ level: 'info', node: 'b' });
  });

  it('is left to pino when pino would write something else', () => {
    const others = [
      pino({ ...loggerOptions('info'), mixin: () => ({ node: 'a' }) }, log.stream),
      pino(
        { ...loggerOptions('info'), serializers: { req: (r: { url: string }) => ({ url: r.url }) } },
        log.stream,
      ),
      pino({ ...loggerOptions('info'), messageKey: 'message' }, log.stream),
      pino({ ...loggerOptions('info'), msgPrefix: '[api] ' }, log.stream),
      pino({ ...loggerOptions('info'), hooks: { streamWrite: (s) => s } }, log.stream),
    ];
    for (const logger of others) expect(requestLineWriter(logger)).toBeUndefined();
  });
});
