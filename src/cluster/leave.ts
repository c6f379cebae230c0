import cluster from 'node:cluster';

/**
 * Before a worker exits: waits until the primary has no connection on its way to it. A worker's
 * server.close() tells the primary without waiting for it (Node's cluster child), so a connection the
 * primary hands over meanwhile arrives after the close; the worker sends it back, to be served by
 * another, but only while it lives. One that reaches an exited worker is lost: the primary keeps it
 * open and never answers (nodejs/node#21746). worker.disconnect() ends with a message the primary
 * answers, and the channel keeps order, so once it is done every connection handed over before has
 * arrived here and gone back. Bounded, should the primary not answer.
 */
export async function leaveCluster(timeoutMs = 2000): Promise<void> {
  const worker = cluster.worker;
  if (!worker || !process.connected) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    process.once('disconnect', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.disconnect();
  });
}
