import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { MESSAGES } from '../../src/domain/errors.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';

// /metrics shows the Node version, admin call counts and refusals by reason (a way to watch the
// key-guess guard): on the API's port it answers callers on this machine only; METRICS_PORT gives it
// a listener of its own, which answers whoever can reach that port.

let t: TestApp;
let metricsOnly: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  // What the server builds for METRICS_PORT.
  metricsOnly = await buildApp({
    config: testConfig(),
    store: t.store,
    gateway: t.gateway,
    parts: { api: false, admin: false, metrics: true },
  });
});
afterAll(async () => {
  await metricsOnly?.close();
  await t.close();
});

const scrape = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ url: '/metrics', remoteAddress, headers });
const NOT_FOUND = { statusCode: 404, message: MESSAGES.notFound };

describe('/metrics on the API port', () => {
  it.each(['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1'])('answers a scrape from %s', async (ip) => {
    const res = await scrape(t.app, ip);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('rates_http_requests_total');
  });

  it.each(['203.0.113.9', '10.0.0.5', '::ffff:192.0.2.1', '2001:db8::1'])(
    'is not there for a caller at %s',
    async (ip) => {
      const res = await scrape(t.app, ip);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    },
  );

  it.each<Record<string, string>>([
    { 'x-forwarded-for': '203.0.113.9' },
    { forwarded: 'for=203.0.113.9' },
    { 'x-real-ip': '203.0.113.9' },
  ])('is not there for a call a proxy on this machine forwards (%o)', async (headers) => {
    const res = await scrape(t.app, '127.0.0.1', headers);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('nodejs_version_info');
  });
});

describe('/metrics on a port of its own (METRICS_PORT)', () => {
  it('answers any caller that reaches the port', async () => {
    const res = await scrape(metricsOnly, '203.0.113.9');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('nodejs_version_info');
  });
});
