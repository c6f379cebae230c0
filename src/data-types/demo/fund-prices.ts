import { businessDays } from '../../domain/thai-calendar.js';
import type { FundPlan } from './funds.js';
import { policyRateOn } from './policy-rate.js';
import { Stream, stream } from './streams.js';

/** The business days of the history with what every fund's generator needs per day. */
export interface PriceCalendar {
  days: readonly string[];
  /** Calendar days since the previous business day: a money-market fund accrues over weekends too. */
  gaps: readonly number[];
  /** The policy rate in force, in percent, which money-market yields follow. */
  policy: readonly number[];
}

const DAY_MS = 86_400_000;
const TRADING_DAYS = 245;
const STARTING_NAV = 10;

export function priceCalendar(from: string, until: string): PriceCalendar {
  const days = [...businessDays(from, until)];
  const gaps = days.map((day, i) =>
    i === 0 ? 1 : (Date.parse(day) - Date.parse(days[i - 1] ?? day)) / DAY_MS,
  );
  return { days, gaps, policy: days.map(policyRateOn) };
}

const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/**
 * One fund's prices over the calendar: a NAV of 10.0000 on its first day, then a geometric random walk
 * (or, for money-market funds, a smooth accrual at about the policy rate). At most one row per business
 * day, so the result stays a few thousand rows however many funds there are.
 */
/** A fund's prices on a day. */
export interface FundPrice {
  fund_id: number;
  price_date: string;
  nav: number;
  offer: number;
  redemption: number;
  total_net_assets: number | null;
}

export function fundPriceRows(seed: number, plan: FundPlan, calendar: PriceCalendar): FundPrice[] {
  // The market stream is drawn every day from the history's start, whatever the fund's inception,
  // so every fund with this profile sees the same market moves on the same day.
  const market = stream(seed, Stream.factor, plan.profile.factor);
  const own = stream(seed, Stream.fundPrices, plan.row.id);
  const { correlation, accrual } = plan.profile;
  const idiosyncratic = Math.sqrt(1 - correlation ** 2);
  const dt = 1 / TRADING_DAYS;
  const driftPerDay = (plan.drift - plan.vol ** 2 / 2) * dt;
  const volPerDay = plan.vol * Math.sqrt(dt);
  let nav = STARTING_NAV;
  let units = plan.startingAssets === null ? 0 : plan.startingAssets / STARTING_NAV;
  const rows: FundPrice[] = [];
  // A fund that publishes late has no price yet for its last `publishLag` business days.
  const published = calendar.days.length - plan.publishLag;

  for (const [i, day] of calendar.days.entries()) {
    if (i >= published) break;
    const marketMove = market.normal();
    if (day < plan.inception) continue;
    if (rows.length > 0) {
      if (accrual) {
        const yieldPct = Math.max(
          0.05,
          (calendar.policy[i] ?? 0) + accrual.spreadToPolicy + 0.03 * own.normal(),
        );
        nav *= 1 + ((yieldPct / 100) * (calendar.gaps[i] ?? 1)) / 365;
      } else {
        const z = correlation * marketMove + idiosyncratic * own.normal();
        nav *= Math.exp(driftPerDay + volPerDay * z);
      }
      units *= Math.exp(0.004 * own.normal()); // daily subscriptions and redemptions
    }
    const navOfDay = round(nav, 4);
    rows.push({
      fund_id: plan.row.id,
      price_date: day,
      nav: navOfDay,
      offer: round(navOfDay * (1 + plan.frontFee), 4),
      redemption: round(navOfDay * (1 - plan.backFee), 4),
      total_net_assets: plan.startingAssets === null ? null : round(units * nav, 2),
    });
  }
  return rows;
}
