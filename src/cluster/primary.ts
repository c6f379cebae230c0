import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';
import { bootstrapDemo } from '../demo-bootstrap.js';
import { openStore } from '../store/db.js';
import { migrateToLatest } from '../store/migrate.js';
import { aggregateMetrics } from './cluster-metrics.js';
import { holdCounters } from './counter-holder.js';
import { isWorkerReady, WORKER_ENV } from './messages.js';
import { startBanner } from '../start-banner.js';
import { startSourceJobs } from '../source-list.js';

/** The longest wait before replacing a worker that keeps failing. */
const MAX_BACKOFF_MS = 30_000;

/**
 * The primary of WORKERS > 1: prepares the database once, holds the limits' counters, forks the
 * workers that serve (each runs serve-process.ts on the shared port) and keeps that many running:
 * a worker that dies is replaced, SIGHUP replaces them one at a time (each new one ready before an
 * old one drains), and SIGTERM/SIGINT are relayed to every worker, which drain as one process does;
 * the primary exits once they have, 0 when all of them stopped cleanly.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } });
  // The workers find the database migrated (and the demo loaded): none of them races another to it.
  const store = openStore(config.databaseUrl, { fileMode: config.dataFileMode });
  try {
    await migrateToLatest(store.db);
    // A mirror fills itself from its upstream (SYNC_FROM): no demo data in the way.
    if (config.demoOnEmpty && config.syncFrom === null)
      await bootstrapDemo(store, config, (line) => process.stdout.write(`${line}\n`));
  } finally {
    await store.close();
  }
  holdCounters();
  aggregateMetrics();
  const workers = new Workers(config.workers, log);
  try {
    const url = await workers.start();
    log.info({ workers: config.workers, url }, `${config.workers} workers listening at ${url}`);
    process.stdout.write(startBanner(url, config));
  } catch (error) {
    log.error({ err: error }, 'workers failed to start');
    await workers.stop('SIGTERM');
    process.exit(1);
  }

  // The sources' jobs (SYNC_FROM, CONNECTORS) run here, not in every worker, each on a store of its
  // own (src/source-list.ts, docs/sync.md, docs/connectors.md).
  const sourceJobs = await startSourceJobs(config, log, () => {
    const store = openStore(config.databaseUrl, { fileMode: config.dataFileMode });
    return { store, close: () => store.close() };
  });

  let stoppingSince: number | undefined;
  const onStop = (signal: NodeJS.Signals) => {
    // Every signal goes on to the workers, which tell a repeat (Ctrl-C reaches them directly too, in
    // one process group) from an operator insisting, as a single process does (serve-process.ts).
    workers.relay(signal);
    if (stoppingSince !== undefined) return;
    stoppingSince = performance.now();
    log.info({ signal }, 'stopping the workers');
    void Promise.all([workers.stop(), sourceJobs.stop()]).then(([clean]) => {
      log.info({ clean }, 'stopped');
      process.exit(clean ? 0 : 1);
    });
  };
  process.on('SIGTERM', onStop);
  process.on('SIGINT', onStop);
  process.on('SIGHUP', () => {
    if (stoppingSince !== undefined) return;
    log.info('replacing the workers one at a time');
    workers.restart().then(
      () => log.info('every worker replaced'),
      (error: unknown) => log.error({ err: error }, 'replacing the workers failed'),
    );
  });
}

/** The running workers, kept at `count`. */
class Workers {
  private readonly running = new Set<Worker>();
  /** Workers told to stop (replaced, or all stopping): their exit is expected, not replaced. */
  private readonly retiring = new Set<Worker>();
  private stopping = false;
  private failuresInARow = 0;
  private restarting: Promise<void> | undefined;

  constructor(
    private readonly count: number,
    private readonly log: Logger,
  ) {}

  /** Forks every worker; resolves with the API's URL once all are ready, rejects if one fails first. */
  async start(): Promise<string> {
    const urls = await Promise.all(Array.from({ length: this.count }, () => this.fork()));
    return urls[0]!;
  }

  /** Replaces the workers one at a time: the new one serves before the old one stops taking calls. */
  restart(): Promise<void> {
    this.restarting ??= (async () => {
      try {
        for (const old of [...this.running]) {
          if (this.stopping) return;
          await this.fork();
          await this.retire(old, 'SIGTERM');
        }
      } finally {
        this.restarting = undefined;
      }
    })();
    return this.restarting;
  }

  /** Sends `signal` to every worker. */
  relay(signal: NodeJS.Signals): void {
    for (const worker of this.running) worker.process.kill(signal);
  }

  /** Stops every worker (they drain their requests); true when all exited with 0. */
  async stop(signal?: NodeJS.Signals): Promise<boolean> {
    this.stopping = true;
    const exits = [...this.running].map((w) => this.retire(w, signal));
    return (await Promise.all(exits)).every((code) => code === 0);
  }

  /** Tells a worker to stop (by `signal`, unless relayed already); resolves with its exit code. */
  private async retire(worker: Worker, signal?: NodeJS.Signals): Promise<number | null> {
    this.retiring.add(worker);
    const exited = worker.isDead() ? undefined : once(worker, 'exit');
    if (signal) worker.process.kill(signal);
    const [code] = exited ? ((await exited) as [number | null]) : [worker.process.exitCode];
    return code;
  }

  /** Forks a worker; resolves with its URL once it serves, rejects if it exits before. */
  private fork(): Promise<string> {
    const worker = cluster.fork({ [WORKER_ENV]: '1' });
    this.running.add(worker);
    const pid = worker.process.pid;
    return new Promise((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: unknown) => {
        if (ready || !isWorkerReady(message)) return;
        ready = true;
        this.failuresInARow = 0;
        this.log.info({ worker: worker.id, workerPid: pid }, `worker ${worker.id} (pid ${pid}) ready`);
        resolve(message.url);
      });
      worker.on('exit', (code, signal) => {
        this.running.delete(worker);
        if (this.retiring.delete(worker) || this.stopping) return;
        this.log.error(
          { worker: worker.id, workerPid: pid, code, signal },
          `worker ${worker.id} (pid ${pid}) exited${ready ? '' : ' before it was ready'}: replacing it`,
        );
        if (!ready) {
          reject(new Error(`worker ${worker.id} exited with ${code ?? signal} before it was ready`));
          this.failuresInARow++;
        }
        this.replace();
      });
    });
  }

  /** Forks a replacement; after failures in a row, waits longer each time (a worker that cannot start). */
  private replace(): void {
    const delay = this.failuresInARow === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.failuresInARow);
    // Not unref'd: with every worker gone, this timer is what keeps the primary alive to replace them.
    setTimeout(() => {
      if (!this.stopping) this.fork().catch(() => undefined);
    }, delay);
  }
}
