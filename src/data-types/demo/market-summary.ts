import { MARKET_CODES } from '../../domain/market-summary.js';
import type { Random } from '../../domain/random.js';
import { policyRateOn } from './policy-rate.js';
import { Stream, stream } from './streams.js';

// The daily market summary of the demo: every code's values on every business day, moving from day to
// day. Prices and indices follow mean-reverting walks in log space; Thai money-market and bond rates
// sit at spreads over the demo's policy rate (policy-rate.ts), so they step with it; the two outlooks
// are short texts in the safe HTML subset, written from the day's figures.

const REVERSION = 0.02; // per day: a walk wanders for months but drifts back towards its level

/** A value that walks: in log space (`relative`, a price) or in points (a yield). */
class Walk {
  private deviation = 0;
  constructor(
    private readonly random: Random,
    private readonly level: number,
    private readonly vol: number,
    private readonly relative: boolean,
  ) {
    this.deviation = vol * 5 * random.normal();
  }

  step(): number {
    this.deviation += -REVERSION * this.deviation + this.vol * this.random.normal();
    return this.relative ? this.level * Math.exp(this.deviation) : this.level + this.deviation;
  }
}

const fixed = (value: number, decimals: number) => value.toFixed(decimals);
/**
 * With thousands separators, as the page shows indices and gold: '44,910.65'. By hand: toLocaleString
 * took most of the generator's time (some 47,000 calls for the default demo).
 */
const grouped = (value: number, decimals: number) => {
  const [whole, fraction] = value.toFixed(decimals).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
};
const signed = (value: number, decimals: number) => `${value >= 0 ? '+' : ''}${value.toFixed(decimals)}`;
/** A rate never shown below a floor, as a walk could otherwise take it. */
const rate = (value: number) => fixed(Math.max(0.01, value), 2);

// Levels of the walks (the demo's, not history's).
const WORLD_INDICES = [38000, 5000, 16000, 7800, 17000, 7500, 36000, 17500, 3050, 2600, 3300, 1450];
const FX_CROSSES: readonly [number, number][] = [
  [1.1, 4],
  [140, 2],
  [1.27, 4],
  [7.0, 4],
];
const FORWARD_YEARS = [7 / 365, 1 / 12, 2 / 12, 3 / 12, 6 / 12, 9 / 12, 1, 2];
const US_CURVE = [0.0, 0.1, 0.3, 0.6]; // 2Y, 5Y, 10Y, 30Y over the short rate's factor
const TSB_SPREADS = [-0.05, -0.02, 0.0];
const MMR_SPREADS = [0.0, 0.05, 0.12, 0.2];
const SWAP_SPREADS = [-0.2, -0.15, -0.1, 0.0];
const GTHB_SPREADS = [0.1, 0.4, 0.9, 1.3, 1.5];

export class MarketSummaryGenerator {
  private readonly walk: (id: number, level: number, vol: number, relative?: boolean) => Walk;
  private readonly spot: Walk;
  private readonly usShort: Walk;
  private readonly thaiCurve: Walk;
  private readonly gold: Walk;
  private readonly brent: Walk;
  private readonly wtiSpread: Walk;
  private readonly indices: Walk[];
  private readonly crosses: Walk[];
  private readonly worldBonds: Walk[];
  private readonly noise: Random;
  private previousSpot: number | undefined;

  constructor(seed: number) {
    this.walk = (id, level, vol, relative = true) =>
      new Walk(stream(seed, Stream.market, id), level, vol, relative);
    this.spot = this.walk(1, 33.5, 0.004);
    this.usShort = this.walk(2, 3.0, 0.03, false);
    this.thaiCurve = this.walk(3, 0, 0.02, false);
    this.gold = this.walk(4, 1900, 0.01);
    this.brent = this.walk(5, 80, 0.018);
    this.wtiSpread = this.walk(6, 4, 0.1, false);
    this.indices = WORLD_INDICES.map((level, i) => this.walk(10 + i, level, 0.01));
    this.crosses = FX_CROSSES.map(([level], i) => this.walk(30 + i, level, 0.005));
    this.worldBonds = [3.8, 2.2, 0.8].map((level, i) => this.walk(40 + i, level, 0.03, false));
    this.noise = stream(seed, Stream.market, 0);
  }

  /** The day's 60 rows; call it for every business day in order (each day's walks start from the last). */
  rowsOn(day: string): { summary_date: string; code: string; number: number; value: string }[] {
    const n = () => this.noise.normal() * 0.01;
    const policy = policyRateOn(day);
    const spot = this.spot.step();
    const change = this.previousSpot === undefined ? 0 : spot - this.previousSpot;
    this.previousSpot = spot;
    const usShort = Math.max(0.1, this.usShort.step());
    const usLower = Math.floor(usShort * 4) / 4;
    const us = US_CURVE.map((spread) => usShort + 0.9 + spread + n());
    const thai = this.thaiCurve.step();
    const brent = this.brent.step();
    const gthb = GTHB_SPREADS.map((spread, i) => policy + spread + thai * (1 + i / 4) + n());
    const low = Math.floor((spot - 0.15) * 20) / 20;
    const high = low + 0.3;
    const values: Record<string, string[]> = {
      RR: [fixed(spot, 4), signed(change, 4)],
      USIR: [`${fixed(usLower, 2)}-${fixed(usLower + 0.25, 2)}`, fixed(usLower + 0.08, 2)],
      MMR: MMR_SPREADS.map((spread) => rate(policy + spread + n())),
      USTS: us.map(rate),
      TSB: TSB_SPREADS.map((spread) => rate(policy + spread + n())),
      CMST: [grouped(this.gold.step(), 2), fixed(brent, 2), fixed(brent - this.wtiSpread.step(), 2)],
      // Forward points in satang: the baht's interest below the dollar's makes them negative.
      THBUSD: FORWARD_YEARS.map((years) => fixed(((policy - usShort) / 100) * spot * years * 100 + n(), 2)),
      WI: this.indices.map((w) => grouped(w.step(), 2)),
      FXR: this.crosses.map((w, i) => fixed(w.step(), FX_CROSSES[i]![1])),
      THBR: [fixed(policy, 2)],
      WGS: [us[2]!, ...this.worldBonds.map((w) => w.step())].map(rate),
      OTHBIS: SWAP_SPREADS.map((spread) => rate(policy + spread + thai / 2 + n())),
      GTHB: gthb.map(rate),
      FXMO: [
        `<p>The baht is seen at <strong>${fixed(low, 2)}&ndash;${fixed(high, 2)}</strong> per dollar today, ` +
          `${change > 0.02 ? 'weaker' : change < -0.02 ? 'firmer' : 'little changed'} after yesterday's close.</p>`,
        `<ul><li>Support: ${fixed(low, 2)}</li><li>Resistance: ${fixed(high, 2)}</li></ul>`,
      ],
      TBMO: [
        `<p>Thai government bond yields are expected to <em>${thai > 0.05 ? 'edge up' : thai < -0.05 ? 'ease' : 'hold steady'}</em>, ` +
          `with the policy rate at ${fixed(policy, 2)}%.</p>`,
        `<p>10-year: <strong>${rate(gthb[2]!)}%</strong><br>30-year: <strong>${rate(gthb[4]!)}%</strong></p>`,
      ],
    };
    return MARKET_CODES.flatMap(({ code }) =>
      values[code]!.map((value, i) => ({ summary_date: day, code, number: i + 1, value })),
    );
  }
}
