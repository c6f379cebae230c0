import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/cli.js';
import { demoProcessEnv } from '../helpers/demo.js';
import { answerOf, Conformance, exampleUrl, operationsOf, type OpenApiDocument } from '../helpers/openapi.js';

// The document's example requests are what a reader tries first on the docs page: they must work on
// the demo data that `npm start` loads, so this runs the real `serve` on an empty data folder.
const dir = mkdtempSync(join(tmpdir(), 'rates-examples-'));
let server: Awaited<ReturnType<typeof startServer>>;
let key: string;
let doc: OpenApiDocument;
beforeAll(async () => {
  server = await startServer(await demoProcessEnv(dir));
  key = readFileSync(join(dir, 'demo-key.txt'), 'utf8').trim();
  doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
});
afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the example request of every operation in /openapi.json, on the demo data', () => {
  it('answers 200 with data, as the document says', async () => {
    const conformance = new Conformance(doc);
    const operations = operationsOf(doc);
    // The spec's ten, the website's three fund operations and its eight ExchangeRateService ones, GetLoanRate,
    // the two rate history operations, GetMarketsum, the nav group's six, FxCal, FundFacts, AllFundFacts and
    // FundDividends.
    expect(operations).toHaveLength(35);
    for (const { path, method, operation } of operations) {
      const url = exampleUrl(path, operation);
      const res = await answerOf(
        await fetch(`${server.url}${url}`, { method, headers: { 'Ocp-Apim-Subscription-Key': key } }),
      );
      expect(res.statusCode, `${operation.operationId} ${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(conformance.problems(method, url, res)).toEqual([]);
      const body = JSON.parse(res.body) as unknown;
      // An array, the NAV envelope, or a single answer (Convert, FxCal's string).
      const envelope = body as { NAVList?: unknown[] };
      const rows = Array.isArray(body) ? body : (envelope.NAVList ?? [body]);
      expect(rows.length, `${operation.operationId} ${url} has no data`).toBeGreaterThan(0);
      if (envelope.NAVList) expect(body).toMatchObject({ Success: true });
    }
  });
});
