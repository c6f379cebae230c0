import cluster from 'node:cluster';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { COUNTS_CHANNEL, isCountRequest, type CountAnswer } from './messages.js';
import { SharedCounts } from './window-tally.js';

/**
 * Makes this process (the cluster's primary) the one counter of every limit its workers enforce:
 * subscriptions' rate limits and quotas (SharedCounts), and rate-limiter-flexible's limiters (key
 * guesses, keyless addresses). The counts live as long as the primary: replacing a worker loses none.
 */
export function holdCounters(): void {
  new RateLimiterClusterMaster();
  const counts = new SharedCounts();
  cluster.on('message', (worker, message: unknown) => {
    if (!isCountRequest(message)) return;
    const answer: CountAnswer = {
      channel: COUNTS_CHANNEL,
      id: message.id,
      counts: counts.countBatch(message.calls),
    };
    // A worker that exited meanwhile needs no answer.
    if (worker.isConnected()) worker.send(answer);
  });
}
