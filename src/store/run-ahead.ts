/**
 * Hands items, in order, to an asynchronous consumer that runs by itself, while the producer goes on
 * making the next ones: the two overlap, and the producer waits only once `limit` bytes are queued,
 * which bounds the memory whichever side is slower. The consumer's first failure stops it; the
 * producer gets it at its next `push` or `drain`.
 */
export class RunAhead<T extends { bytes: number }> {
  private queue: T[] = [];
  private queued = 0;
  private running: Promise<void> | undefined;
  private failure: unknown;
  private room: (() => void) | undefined;

  constructor(
    private readonly consume: (item: T) => Promise<void>,
    private readonly limit: number,
  ) {}

  async push(item: T): Promise<void> {
    this.throwIfFailed();
    this.queue.push(item);
    this.queued += item.bytes;
    this.running ??= this.run();
    while (this.queued > this.limit && this.failure === undefined) {
      await new Promise<void>((resolve) => (this.room = resolve));
    }
    this.throwIfFailed();
  }

  /** Resolves once every item pushed is consumed. */
  async drain(): Promise<void> {
    await this.running;
    this.throwIfFailed();
  }

  /** Drops the items still queued and waits for the one in hand; pushes fail from now on. */
  async cancel(reason: Error): Promise<void> {
    this.failure ??= reason;
    this.queue = [];
    this.room?.();
    await this.running;
  }

  private async run(): Promise<void> {
    try {
      for (let item = this.queue.shift(); item; item = this.queue.shift()) {
        this.queued -= item.bytes;
        if (this.queued <= this.limit) this.room?.();
        await this.consume(item);
      }
    } catch (error) {
      this.failure = error;
      this.queue = [];
      this.room?.();
    } finally {
      this.running = undefined;
    }
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }
}
