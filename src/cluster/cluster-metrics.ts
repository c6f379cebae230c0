import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

// /metrics of a cluster: a scrape reaches one worker, and must see the whole machine's figures (a
// counter of calls summed over every worker), not that worker's share. prom-client's
// AggregatorRegistry does the summing in the primary; a worker asks it over the IPC channel.

const METRICS_CHANNEL = 'rates-metrics';

interface MetricsRequest {
  channel: typeof METRICS_CHANNEL;
  id: number;
}

interface MetricsAnswer {
  channel: typeof METRICS_CHANNEL;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers the workers' requests with every worker's metrics, aggregated. */
export function aggregateMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: MetricsRequest | null) => {
    if (message?.channel !== METRICS_CHANNEL) return;
    const answer = (fields: Partial<MetricsAnswer>) => {
      if (worker.isConnected()) worker.send({ channel: METRICS_CHANNEL, id: message.id, ...fields });
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: Error) => answer({ error: error.message }),
    );
  });
}

/**
 * In a worker: offers `registry` to the primary's aggregation, and returns how to read the cluster's
 * metrics (this worker's included) through the primary.
 */
export function clusterMetricsReader(registry: Registry): () => Promise<string> {
  new AggregatorRegistry(); // in a worker: answers the primary's requests for its metrics
  AggregatorRegistry.setRegistries([registry]);
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  process.on('message', (message: MetricsAnswer | null) => {
    if (message?.channel !== METRICS_CHANNEL) return;
    const request = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.text !== undefined) request?.resolve(message.text);
    else request?.reject(new Error(`cluster metrics: ${message.error}`));
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      process.send!({ channel: METRICS_CHANNEL, id } satisfies MetricsRequest);
    });
}
