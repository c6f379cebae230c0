import { describe, expect, it } from 'vitest';
import { sync, syncFrom } from './services.js';
import { firstOf, hostileSuite, recorder, stream } from './hostile.js';

// Issue 45, items 3 and 4: the upstream is not trusted. A redirect to another origin must not take
// the key there; a timeout, of the headers or of a body that trickles, names the operation and day
// and is retried as other transient failures are.

/** Three months of demo history: quick to sync. */
const UNTIL = '2014-03-31';
const suite = hostileSuite(UNTIL);
const { upstream, mirror } = suite;

/** 'Getfxrates 2014-03-31 round 2' from a Getfxrates path (its day is dd/MM/yyyy). */
function fxRound(url: string): string | undefined {
  const m = /Getfxrates\/(\d{2})\/(\d{2})\/(\d{4})\/(\d+)\//.exec(url);
  return m ? `Getfxrates ${m[3]}-${m[2]}-${m[1]} round ${m[4]}` : undefined;
}

describe('sync from a hostile upstream', () => {
  it('never sends the key to another origin: a redirect there ends the run, one within the upstream is followed', async () => {
    const elsewhere = await recorder();
    suite.keep(elsewhere);
    let target: 'elsewhere' | 'same' = 'elsewhere';
    let redirected: string | undefined;
    const hostile = await upstream((req, res) => {
      const url = req.url ?? '';
      if (url.startsWith('/moved/')) {
        req.url = url.slice('/moved'.length);
        return false;
      }
      if (!/Getfxrates\//.test(url)) return false;
      redirected ??= url;
      const location = target === 'elsewhere' ? `${elsewhere.url}${url}` : `/moved${url}`;
      res.writeHead(302, { location }).end();
      return true;
    });
    const b = await mirror();
    const first = await sync(b, { ...syncFrom(suite.a), baseUrl: hostile.url });
    // Not one request reached the other origin, so no key did.
    expect(elsewhere.got).toEqual([]);
    expect(first.result).toBe('failed');
    expect(first.error).toMatch(
      new RegExp(
        `^Getfxrates \\d{4}-\\d{2}-\\d{2} round \\d+: the upstream redirected to another origin \\(${elsewhere.url}\\); ` +
          'the key is not sent there',
      ),
    );
    // Within the upstream's own origin a redirect is followed, key and all.
    target = 'same';
    const second = await sync(b, { ...syncFrom(suite.a), baseUrl: hostile.url });
    expect(second).toMatchObject({ result: 'ok', error: null });
    expect(hostile.asked.filter((u) => u.startsWith('/moved/')).length).toBeGreaterThan(0);
    expect(elsewhere.got).toEqual([]);
  }, 120_000);

  it('a timeout, of the headers or of the body, names the operation and day and is retried', async () => {
    let mode: 'body' | 'headers' | 'none' = 'body';
    const slow = firstOf((url) => fxRound(url) !== undefined);
    const hostile = await upstream((req, res) => {
      if (mode === 'none' || !slow.is(req)) return false;
      if (mode === 'headers') {
        // Once: no answer at all (the sync gives up on it and asks again).
        mode = 'none';
        return true;
      }
      // Headers at once, then a body of blanks that never ends (a blank every 100 ms).
      void stream(res, '[', ' ', ']', 1_000_000, 100);
      return true;
    });
    const b = await mirror();
    const retries = 2;
    const waits: string[] = [];
    const options = {
      ...syncFrom(suite.a),
      baseUrl: hostile.url,
      timeoutMs: 1_000,
      retries,
      onWait: (_ms: number, why: string) => waits.push(why),
    };
    const body = await sync(b, options);
    expect(body.result).toBe('failed');
    expect(body.error).toBe(`${fxRound(slow.url!)}: the answer did not arrive whole within 1000 ms`);
    // Retried as any transient failure: the first try and `retries` more.
    expect(hostile.asked.filter((u) => u === slow.url)).toHaveLength(1 + retries);
    expect(waits.filter((w) => w === 'the answer did not arrive whole within 1000 ms')).toHaveLength(retries);

    // No headers within the time, once: retried, and the run goes on.
    mode = 'headers';
    const headers = await sync(b, options);
    expect(headers).toMatchObject({ result: 'ok', error: null });
    expect(headers.retries).toBeGreaterThanOrEqual(1);
    expect(waits).toContain('no answer within 1000 ms');
  }, 120_000);
});
