import { addDays } from '../../domain/dates.js';
import { businessDays } from '../../domain/thai-calendar.js';
import type { DataTypeName } from '../../data-types/index.js';
import { depositRateRows } from '../../data-types/demo/deposits.js';
import { roundTimes } from '../../data-types/demo/fx-rates.js';
import type { DemoPlan } from '../../data-types/demo/plan.js';

// The demo's history, so that answers as of a past instant have something to show
// (docs/time-travel.md): its rows are first published in bulk on the day before `until`, a batch a
// second from 06:00 (Bangkok), with four values as they were first published; that evening, one
// batch an hour from 17:00, a fund is renamed, a price corrected, a deposit rate changed and an FX rate
// corrected. The values they end at are the demo's latest ones: only the history is added.

type Row = Record<string, unknown>;

/** A value the demo publishes first as `original` gives it, then replaces in a batch of its own. */
export interface Correction {
  type: DataTypeName;
  /** What changed, for the progress line. */
  what: string;
  /** Bangkok time (HH:mm) on the day before `until` at which the correction is published. */
  time: string;
  /** Whether a row the demo generates is the one corrected. */
  matches(row: Row): boolean;
  /** The row as first published, from the row as it stands today. */
  original(row: Row): Row;
}

/** Batches of the first publication, a second apart from this Bangkok time. */
const FIRST_PUBLICATION = '06:00';
const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The corrections of the demo planned by `plan`: none of a row the history does not hold. */
export function demoCorrections(plan: DemoPlan): Correction[] {
  const corrections: Correction[] = [];
  const days = [...businessDays(plan.from, plan.until)];
  const last = days.at(-1);
  // The bank's first fund (B-TREASURY): first listed and first priced wherever funds are shown.
  const fund = plan.funds[0];
  if (fund) {
    const { row, theme } = fund;
    corrections.push({
      type: 'funds',
      what: `fund ${row.code} renamed from its former name`,
      time: '17:00',
      matches: (r) => r.id === row.id,
      original: (r) => ({
        ...r,
        name_en: String(r.name_en).replace(theme.en, 'Government Bond'),
        name_th: String(r.name_th).replace(theme.th, 'พันธบัตรรัฐบาล'),
      }),
    });
    const priced = days[days.length - 1 - fund.publishLag];
    if (priced !== undefined && priced >= fund.inception)
      corrections.push({
        type: 'fund-prices',
        what: `price of ${row.code} on ${priced} corrected (first published 1% too high)`,
        time: '18:00',
        matches: (r) => r.fund_id === row.id && r.price_date === priced,
        original: (r) => ({
          ...r,
          nav: round(Number(r.nav) * 1.01, 4),
          offer: round(Number(r.offer) * 1.01, 4),
          redemption: round(Number(r.redemption) * 1.01, 4),
          total_net_assets: r.total_net_assets === null ? null : round(Number(r.total_net_assets) * 1.01, 2),
        }),
      });
  }
  // The first product's rate in effect on the day before `until` (the corrections' own day).
  const rate = depositRateRows(plan.seed, plan.from, plan.until)
    .filter((r) => r.product_id === 1 && r.effective_date < plan.until)
    .at(-1);
  if (rate)
    corrections.push({
      type: 'deposit-rates',
      what: `deposit rate of product 1 from ${rate.effective_date} changed (first published 0.25 higher)`,
      time: '19:00',
      matches: (r) => r.product_id === 1 && r.effective_date === rate.effective_date,
      original: (r) => ({ ...r, rate: (Number(r.rate) + 0.25).toFixed(2) }),
    });
  // The last round of the last day of USD 50-100: the latest rate a reader sees.
  if (last !== undefined) {
    const lastRound = roundTimes(plan.seed, last).length;
    corrections.push({
      type: 'fx-rates',
      what: `USD50 selling rate of ${last} round ${lastRound} corrected (first published 0.10 higher)`,
      time: '20:00',
      matches: (r) => r.family_code === 'USD50' && r.rate_date === last && r.round === lastRound,
      original: (r) => ({
        ...r,
        selling_tt: r.selling_tt === null ? null : round(Number(r.selling_tt) + 0.1, 4),
      }),
    });
  }
  return corrections;
}

/** The instant of a Bangkok time (HH:mm) on `day`. */
const bangkok = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`);

/**
 * When each batch of the demo is published: in the past, and the same for the same `until`. Its day is
 * the one before `until`; an `until` to come moves it back whole days, to before `now`, so that later
 * batches (committed now) still follow it.
 */
export class DemoHistory {
  readonly corrections: readonly Correction[];
  /** The rows the corrections replace, as the demo generated them (today's values), by correction. */
  private readonly latest = new Map<Correction, Row>();
  private readonly day: string;
  private published = 0;

  constructor(plan: DemoPlan, now: Date) {
    this.corrections = demoCorrections(plan);
    let day = addDays(plan.until, -1);
    const lastTime = this.corrections.at(-1)?.time ?? FIRST_PUBLICATION;
    while (bangkok(day, lastTime) > now) day = addDays(day, -1);
    this.day = day;
  }

  /** The instant of the first batch. */
  firstInstant(): Date {
    return bangkok(this.day, FIRST_PUBLICATION);
  }

  /** The instant of the first publication's next batch. */
  nextFirstBatch(): Date {
    const at = new Date(this.firstInstant().getTime() + 1000 * this.published++);
    const first = this.corrections[0];
    if (first && at >= this.at(first))
      throw new RangeError(`The demo's first publication runs past ${first.time}: too many batches`);
    return at;
  }

  at(correction: Correction): Date {
    return bangkok(this.day, correction.time);
  }

  /** `rows` as first published: a corrected row as it was first, its latest form kept for its batch. */
  firstPublished(type: DataTypeName, rows: readonly object[]): readonly object[] {
    const own = this.corrections.filter((c) => c.type === type);
    if (own.length === 0) return rows;
    let copy: object[] | undefined;
    for (const [i, row] of rows.entries())
      for (const correction of own)
        if (correction.matches(row as Row)) {
          this.latest.set(correction, row as Row);
          copy ??= [...rows];
          copy[i] = correction.original(row as Row);
        }
    return copy ?? rows;
  }

  /** The corrections due, in order, each with the row it publishes (those whose row was generated). */
  due(): { correction: Correction; row: Row; at: Date }[] {
    return this.corrections.flatMap((correction) => {
      const row = this.latest.get(correction);
      return row ? [{ correction, row, at: this.at(correction) }] : [];
    });
  }
}
