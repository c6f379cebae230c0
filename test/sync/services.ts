import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateDemo } from '../../src/ingest/demo/generate.js';
import { runSync, type SyncOptions } from '../../src/sync/run.js';
import type { SyncRunSummary } from '../../src/sync/state.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** The demo history up to this day: a year and a half of it keeps a first sync to seconds. */
export const DEMO_UNTIL = '2015-06-30';

export interface Service extends TestApp {
  url: string;
}

/** A test app listening on a port of its own (0: the OS picks), as a real upstream or mirror. */
export async function listening(app: TestApp, port = 0): Promise<Service> {
  await app.app.listen({ port, host: '127.0.0.1' });
  const { port: bound } = app.app.server.address() as AddressInfo;
  return Object.assign(app, { url: `http://127.0.0.1:${bound}` });
}

/**
 * Answers a test makes A give instead of the real one (a fault), or undefined to let it through.
 * Hooked in before A listens.
 */
export type Fault = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

/** Service A: the demo dataset (up to `until`) behind a real listener, with an optional fault. */
export async function demoService(until = DEMO_UNTIL, fault?: Fault): Promise<Service> {
  const app = await createTestApp({ seed: false });
  await generateDemo(app.store, { until });
  if (fault) app.app.addHook('onRequest', async (request, reply) => fault(request, reply));
  return listening(app);
}

/** Service B: an empty database behind a real listener. */
export async function emptyService(): Promise<Service> {
  return listening(await createTestApp({ seed: false }));
}

/** Quick retries and no rate limit: the tests' upstream is on this machine. */
export function syncFrom(a: Service, over: Partial<SyncOptions> = {}): SyncOptions {
  return {
    baseUrl: a.url,
    key: a.key,
    rate: 0,
    concurrency: 6,
    timeoutMs: 20_000,
    maxAnswerBytes: 64 * 1024 * 1024,
    retries: 2,
    maxRetryWaitMs: 5_000,
    backoffMs: 20,
    windowDays: 7,
    fundsPerBatch: 40,
    ...over,
  };
}

export async function sync(b: Service, options: SyncOptions): Promise<SyncRunSummary> {
  return runSync(b.store, options);
}

/** The body of a call, as bytes in a string (a POST for GetNavByFundCode). */
export async function body(service: Service, path: string, accept = 'application/json'): Promise<string> {
  const post = /GetNavByFundCode/i.test(path);
  const res = await fetch(`${service.url}${path}`, {
    method: post ? 'POST' : 'GET',
    headers: { 'Ocp-Apim-Subscription-Key': service.key, Accept: accept },
  });
  return `${res.status} ${await res.text()}`;
}
