import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { DurationHistogram } from './duration-histogram.js';

type CounterChild = ReturnType<Counter<string>['labels']>;

/** Prometheus metrics of one server process (a registry of its own, so tests can build many apps). */
export class Metrics {
  readonly registry = new Registry();
  /** What /metrics shows: this registry's text; in a cluster worker, every worker's (src/cluster). */
  read: () => Promise<string> = () => this.registry.metrics();

  /** Counts not yet added to their metric: they are added when the metrics are read. */
  private readonly tallies: Tally[] = [];
  private readonly addTallies = () => {
    for (const tally of this.tallies) tally.addTo();
  };

  readonly requests = new Counter({
    name: 'rates_http_requests_total',
    help: 'HTTP requests by operation id (or route) and status code',
    labelNames: ['operation', 'status'] as const,
    registers: [this.registry],
    collect: this.addTallies,
  });

  readonly duration = new DurationHistogram(
    'rates_http_request_duration_seconds',
    'Time to answer a request, by operation id (or route)',
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    this.registry,
  );

  readonly keyCache = new Counter({
    name: 'rates_key_cache_lookups_total',
    help: 'Subscription lookups by key: hit (answered from memory) or miss (read from the database)',
    labelNames: ['result'] as const,
    registers: [this.registry],
    collect: this.addTallies,
  });

  readonly answerCache = new Counter({
    name: 'rates_answer_cache_lookups_total',
    help: 'API calls looked up in the answer cache: hit_direct (served before the framework), hit, miss',
    labelNames: ['result'] as const,
    registers: [this.registry],
    collect: this.addTallies,
  });

  readonly refusals = new Counter({
    name: 'rates_gateway_refusals_total',
    help: 'Calls refused by the gateway checks, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly callsByCaller = new Counter({
    name: 'rates_calls_by_caller_total',
    help: "API calls counted in usage, by caller: 'anonymous' (public access, no key) or 'subscription' (a key)",
    labelNames: ['caller'] as const,
    registers: [this.registry],
    collect: this.addTallies,
  });

  readonly redisFailures = new Counter({
    name: 'rates_redis_failures_total',
    help: 'Failures of the shared store (REDIS_URL): limits (a call served or refused by REDIS_FAILURE_MODE), connection, notices',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  // Labelled children, looked up once: prom-client hashes a label object on every call otherwise.
  // By operation, then status: two lookups of strings and numbers made once, no key built per call.
  private readonly requestChildren = new Map<string, Map<number, Tally>>();
  readonly keyCacheHit = this.tally(this.keyCache.labels('hit'));
  readonly keyCacheMiss = this.tally(this.keyCache.labels('miss'));
  readonly answerHitDirect = this.tally(this.answerCache.labels('hit_direct'));
  readonly answerHit = this.tally(this.answerCache.labels('hit'));
  readonly answerMiss = this.tally(this.answerCache.labels('miss'));
  readonly anonymousCalls = this.tally(this.callsByCaller.labels('anonymous'));
  readonly keyedCalls = this.tally(this.callsByCaller.labels('subscription'));

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  observe(operation: string, status: number, seconds: number): void {
    let byStatus = this.requestChildren.get(operation);
    if (!byStatus) {
      byStatus = new Map();
      this.requestChildren.set(operation, byStatus);
    }
    let requests = byStatus.get(status);
    if (!requests) {
      requests = this.tally(this.requests.labels(operation, String(status)));
      byStatus.set(status, requests);
    }
    requests.inc();
    this.duration.observe(operation, seconds);
  }

  private tally(child: CounterChild): Tally {
    const tally = new Tally(child);
    this.tallies.push(tally);
    return tally;
  }
}

/**
 * Calls of one labelled counter, counted in a plain number on the request path and added to the
 * counter when the metrics are read: prom-client hashes the labels on every increment, a third of a
 * microsecond that every cached answer paid (microbenchmark in the notes of issue 5).
 */
class Tally {
  private count = 0;

  constructor(private readonly child: CounterChild) {}

  inc(): void {
    this.count += 1;
  }

  addTo(): void {
    if (this.count === 0) return;
    this.child.inc(this.count);
    this.count = 0;
  }
}
