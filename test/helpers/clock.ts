/** A clock tests set and move, so limit windows and quotas pass without sleeping. */
export class TestClock {
  constructor(private ms: number) {}

  readonly now = (): Date => new Date(this.ms);

  set(iso: string): void {
    this.ms = Date.parse(iso);
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Today (UTC) at 15:30:15Z = 22:30:15 in Bangkok: 45 s left in a 60 s window, 01:29:45 to Bangkok midnight. */
export function afternoonToday(): TestClock {
  const today = new Date().toISOString().slice(0, 10);
  return new TestClock(Date.parse(`${today}T15:30:15.000Z`));
}

/**
 * The middle of the current minute, held. Rate windows are aligned to the clock's minutes, so two
 * calls on the real clock can straddle one: a test comparing calls' counts holds the clock here.
 */
export function midThisMinute(): TestClock {
  return new TestClock(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
}
