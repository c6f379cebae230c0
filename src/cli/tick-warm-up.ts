/**
 * Runs process.nextTick many times, and the ticks it queued, before the service's modules load.
 *
 * Node builds every queued tick as an object literal inside process.nextTick, and the HTTP path
 * queues several per request (end of the request stream, finish and destroy of the response). In
 * some start-ups of `rates serve`, V8's inline caches for that literal ended up megamorphic while
 * the modules loaded (seen with %DebugPrint(process.nextTick)); from then on, for the life of the
 * process, V8 built every tick object through a runtime call, and fewer cached answers a second
 * were served. After this warm-up they stayed monomorphic. Queued from inside the module graph
 * instead, the same calls cost far more, hence a module of its own, run and settled before the
 * others load; it adds a little to every start of the command (measured: CONTRIBUTING.md, Measurements behind the code).
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
