/**
 * Runs process.nextTick many times, and the ticks it queued, before the service's modules load.
 *
 * Node builds every queued tick as an object literal inside process.nextTick, and the HTTP path
 * queues several per request (end of the request stream, finish and destroy of the response). In
 * about 4 of 10 start-ups of `rates serve`, V8's inline caches for that literal ended up megamorphic
 * while the modules loaded (seen with %DebugPrint(process.nextTick)); from then on, for the life of
 * the process, V8 built every tick object through a runtime call: 7 % of the server's CPU samples
 * under load (perf), 10 to 15 % fewer cached answers per second. After this warm-up the caches stayed
 * monomorphic in 20 start-ups of 20 (notes of issue 5). Queued from inside the module graph instead,
 * the same calls made things worse, hence a module of its own, loaded and settled first.
 */
export async function warmUpNextTick(): Promise<void> {
  const noop = () => undefined;
  for (let i = 0; i < 20_000; i++) {
    process.nextTick(noop);
    process.nextTick(noop, 1);
    process.nextTick(noop, 1, 2);
  }
  await new Promise((resolve) => setImmediate(resolve));
}
