// What a worker and its primary tell each other over the cluster's IPC channel, besides
// rate-limiter-flexible's own messages (channel 'rate_limiter_flexible').

/** A worker's batch of calls to count: six numbers a call (see SharedCountsClient.count). */
export interface CountRequest {
  channel: typeof COUNTS_CHANNEL;
  id: number;
  calls: number[];
}

/** The primary's answer to a CountRequest: two numbers a call, the rate's and the quota's count. */
export interface CountAnswer {
  channel: typeof COUNTS_CHANNEL;
  id: number;
  counts: number[];
}

/** A worker that listens on every port it was given and is ready to serve. */
export interface WorkerReady {
  channel: typeof WORKER_CHANNEL;
  state: 'ready';
  url: string;
}

export const COUNTS_CHANNEL = 'rates-counts';
export const WORKER_CHANNEL = 'rates-worker';

/** Set in the environment of the workers the primary forks (and only theirs). */
export const WORKER_ENV = 'RATES_CLUSTER_WORKER';

/** Stands for a limit a subscription does not have, in place of its window's start. */
export const NO_LIMIT = -1;

export function isCountRequest(message: unknown): message is CountRequest {
  return (message as CountRequest | null)?.channel === COUNTS_CHANNEL;
}

export function isWorkerReady(message: unknown): message is WorkerReady {
  const m = message as WorkerReady | null;
  return m?.channel === WORKER_CHANNEL && m.state === 'ready';
}
