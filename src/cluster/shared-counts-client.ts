import type { Window } from '../domain/windows.js';
import type { SharedCounters } from '../gateway/limiter-store.js';
import { COUNTS_CHANNEL, NO_LIMIT, type CountAnswer, type CountRequest } from './messages.js';

interface Waiting {
  resolve: (counts: [number, number]) => void;
  reject: (error: Error) => void;
}

/** How long a batch waits for the primary's answer before its calls fail as a store failure would. */
const ANSWER_TIMEOUT_MS = 2000;

/**
 * A worker's side of the counters its primary holds (SharedCounts). The calls of one turn of the
 * event loop go in one message, sent once the turn's I/O is done (setImmediate): under load a message
 * carries many calls, so the channel costs one send and one answer per turn, not per call.
 */
export class SharedCountsClient implements SharedCounters {
  private calls: number[] = [];
  private waiting: Waiting[] = [];
  private readonly sent = new Map<number, { waiting: Waiting[]; timer: NodeJS.Timeout }>();
  private nextId = 1;
  private scheduled = false;

  constructor(
    private readonly send: (message: CountRequest) => void,
    private readonly timeoutMs = ANSWER_TIMEOUT_MS,
  ) {}

  count(
    subscriptionId: number,
    rate: Window | undefined,
    ratePoints: number,
    quota: Window | undefined,
  ): Promise<[number, number]> {
    this.calls.push(
      subscriptionId,
      rate?.startsAt ?? NO_LIMIT,
      rate?.endsAt ?? NO_LIMIT,
      ratePoints,
      quota?.startsAt ?? NO_LIMIT,
      quota?.endsAt ?? NO_LIMIT,
    );
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** The primary's answer to a batch. */
  receive(answer: CountAnswer): void {
    const batch = this.sent.get(answer.id);
    if (!batch) return; // timed out already
    this.sent.delete(answer.id);
    clearTimeout(batch.timer);
    batch.waiting.forEach((w, i) => w.resolve([answer.counts[2 * i]!, answer.counts[2 * i + 1]!]));
  }

  private readonly flush = () => {
    this.scheduled = false;
    const { calls, waiting } = this;
    this.calls = [];
    this.waiting = [];
    const id = this.nextId++;
    const fail = (error: Error) => {
      this.sent.delete(id);
      for (const w of waiting) w.reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error(`the cluster primary did not count within ${this.timeoutMs} ms`)),
      this.timeoutMs,
    ).unref();
    this.sent.set(id, { waiting, timer });
    try {
      this.send({ channel: COUNTS_CHANNEL, id, calls });
    } catch (error) {
      clearTimeout(timer);
      fail(error as Error); // the channel is closed: the primary is gone
    }
  };
}
