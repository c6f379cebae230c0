import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DurationHistogram } from '../../src/gateway/duration-histogram.js';

const BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const NAME = 'rates_http_request_duration_seconds';
const HELP = 'Time to answer a request';

describe('duration histogram', () => {
  it("renders what prom-client's own Histogram renders for the same observations", async () => {
    const observation = fc.record({
      operation: fc.constantFrom('LatestDate', 'GetDepositRate', 'unmatched'),
      // Bounds themselves too: an observation equal to a bound is counted in that bucket.
      seconds: fc.oneof(fc.constantFrom(...BOUNDS, 0), fc.double({ min: 0, max: 20, noNaN: true })),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const ours = new Registry();
        const theirs = new Registry();
        const fast = new DurationHistogram(NAME, HELP, BOUNDS, ours);
        const reference = new Histogram({
          name: NAME,
          help: HELP,
          labelNames: ['operation'],
          buckets: BOUNDS,
          registers: [theirs],
        });
        for (const { operation, seconds } of observations) {
          fast.observe(operation, seconds);
          reference.labels(operation).observe(seconds);
        }
        expect(await ours.metrics()).toBe(await theirs.metrics());
        // As objects too, less prom-client's empty exemplar fields.
        const withoutExemplars = (json: object) =>
          JSON.parse(JSON.stringify(json, (k, v) => (k === 'exemplar' ? undefined : v)));
        expect(await ours.getMetricsAsJSON()).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
      }),
    );
  });

  it('starts afresh when the registry is reset', async () => {
    const registry = new Registry();
    const histogram = new DurationHistogram(NAME, HELP, BOUNDS, registry);
    histogram.observe('LatestDate', 0.002);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('LatestDate');
  });
});
