import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { WORKER_ENV } from './cluster/messages.js';

/**
 * Process entry: read the settings, then serve in this process, or, with WORKERS > 1, become the
 * cluster's primary (the workers it forks come back here). Each role loads only its own modules: the
 * primary never serves, and the app's modules slowed a worker-cluster's start (measured:
 * CONTRIBUTING.md, Measurements behind the code).
 */
export async function serve(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    return (await import('./cluster/primary.js')).runPrimary(config);
  }
  // Only a worker of our own primary (src/cluster), not of any cluster the process may run under.
  const worker = cluster.isWorker && process.env[WORKER_ENV] === '1';
  return (await import('./serve-process.js')).serveProcess(config, worker);
}
