import type { Random } from '../../domain/random.js';
import { FX_DRIVERS, FX_FAMILIES, type FxFamilySpec } from './fx-families.js';
import { Stream, stream } from './streams.js';

// Update rounds: the first at the opening, the rest at a few of these times (with a few minutes' slack).
const SLOTS: readonly [number, number][] = [
  [8, 30],
  [9, 45],
  [11, 0],
  [13, 30],
  [15, 30],
];
const YEAR_DAYS = 250;
const REVERSION = 0.4; // per year: rates wander for years but drift back towards their level

interface Driver {
  code: string;
  level: number;
  vol: number;
  /** Log deviation of the mid from its level. */
  deviation: number;
  random: Random;
}

/** The day's update rounds as 'HH:mm', ascending: 3 to 5, the same for every family. */
export function roundTimes(seed: number, day: string): string[] {
  const random = stream(seed, Stream.fxSchedule, Number(day.replaceAll('-', '')));
  const count = random.int(3, 5);
  const later = SLOTS.slice(1);
  for (let i = later.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [later[i], later[j]] = [later[j] as [number, number], later[i] as [number, number]];
  }
  const chosen = [SLOTS[0] as [number, number], ...later.slice(0, count - 1).sort((a, b) => a[0] - b[0])];
  return chosen.map(([h, m], i) => {
    const minute = m + (i === 0 ? 0 : random.int(0, 9));
    return `${String(h).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  });
}

/**
 * The bank's rates day after day. Each driver (baht per dollar, and every free-floating currency
 * against the dollar) follows a mean-reverting random walk in log space around its level, one step per
 * update round; a family's mid is its driver's cross rate times baht per dollar, so a move of the baht
 * shows in every family at once. Call `ratesOn` for every business day in order from the history's
 * first day: the state carries over from one day to the next.
 */
export class FxRateGenerator {
  private readonly drivers = new Map<string, Driver>();

  constructor(private readonly seed: number) {
    for (const [index, [code, { level, vol }]] of Object.entries(FX_DRIVERS).entries()) {
      const random = stream(seed, Stream.fx, index);
      const deviation = (vol / Math.sqrt(2 * REVERSION)) * random.normal(); // a start off the level
      this.drivers.set(code, { code, level, vol, deviation, random });
    }
  }

  private driver(code: string): Driver {
    const driver = this.drivers.get(code);
    if (!driver) throw new Error(`No FX driver ${code}`);
    return driver;
  }

  ratesOn(day: string): FxRate[] {
    const times = roundTimes(this.seed, day);
    const dt = 1 / YEAR_DAYS / times.length;
    const rows: FxRate[] = [];
    for (const [i, time] of times.entries()) {
      for (const d of this.drivers.values()) {
        d.deviation += -REVERSION * d.deviation * dt + d.vol * Math.sqrt(dt) * d.random.normal();
      }
      const usd = this.driver('USD');
      for (const family of FX_FAMILIES) {
        const driver = this.driver(family.driver);
        const deviation = usd.deviation + (driver === usd ? 0 : driver.deviation);
        const mid = driver.level * family.ratio * Math.exp(deviation);
        rows.push({
          family_code: family.code,
          rate_date: day,
          round: i + 1,
          rate_time: time,
          ...quote(family, mid),
        });
      }
    }
    return rows;
  }
}

/** A family's rates in a round; null: not quoted. */
interface Quote {
  buying_notes: number | null;
  selling_notes: number | null;
  buying_sight_bill: number | null;
  selling_tt: number | null;
  buying_tt: number | null;
}

/** One round of one family's rates on a day. */
export interface FxRate extends Quote {
  family_code: string;
  rate_date: string;
  round: number;
  rate_time: string;
}

/** Buying and selling rates around a mid: selling TT > buying TT >= sight bill >= bank notes. */
export function quote(family: FxFamilySpec, mid: number): Quote {
  const f = 10 ** family.decimals;
  const down = (x: number) => Math.floor(x * f) / f; // buying rates round in the bank's favour
  const up = (x: number) => Math.ceil(x * f) / f;
  const notes = family.quotes !== 'transfers';
  const transfers = family.quotes !== 'notes';
  return {
    buying_notes: notes ? down(mid * (1 - family.notes)) : null,
    selling_notes: notes ? up(mid * (1 + family.tt + 0.001)) : null,
    buying_sight_bill: transfers ? down(mid * (1 - family.tt * 1.3)) : null,
    selling_tt: transfers ? up(mid * (1 + family.tt)) : null,
    buying_tt: transfers ? down(mid * (1 - family.tt)) : null,
  };
}
