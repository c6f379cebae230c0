import type { DailyNav } from './answers.js';

// A daily NAV answer of SEC (FundDailyInfo) read into one price per fund or class. Two shapes are in
// use (docs/connectors.md, SEC Thailand): an object whose classes' NAVs are only in remark_en text,
// and an array with a row per class. Pure: the connector's HTTP and publishing are elsewhere.

/** One class's (or a fund's without classes: className '') price of a day, as SEC gave it. */
export interface ClassNav {
  className: string;
  nav: unknown;
  offer: unknown;
  redemption: unknown;
  netAsset: unknown;
}

export type ReadNav =
  | { kind: 'prices'; date: string; prices: ClassNav[] }
  /** The answer is of another day (SEC's latest before the day asked): no NAV on the day asked. */
  | { kind: 'other-day'; date: string }
  | { kind: 'problem'; problem: string };

/** 0, '0.0000', '', null or absent: SEC's ways of saying there is no such price. */
export function isNone(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return value === 0;
  if (typeof value === 'string') return value.trim() === '' || /^0*(\.0*)?$/.test(value.trim());
  return false;
}

/** A "none" class name in the array shape. */
const NO_CLASS = new Set(['', '-']);

/** `Fund-A= 10.3393/Fund-D= 10.3516`: the class NAVs of the object shape, in the order written. */
export function remarkClasses(remark: string): { className: string; nav: string }[] {
  const found: { className: string; nav: string }[] = [];
  for (const m of remark.matchAll(/([^/=]+?)\s*=\s*([0-9][0-9,]*(?:\.[0-9]+)?)/g))
    found.push({ className: m[1]!.trim(), nav: m[2]!.replace(/,/g, '') });
  return found;
}

/**
 * The prices of one answer for the day asked. The fund's assets (net_asset) go with a price of the
 * fund itself or of a class row that carries them; class NAVs read from a remark get none (the
 * fund's assets are all its classes' together).
 */
export function readDailyNav(answer: DailyNav, asked: string): ReadNav {
  if (Array.isArray(answer)) {
    if (answer.length === 0) return { kind: 'problem', problem: 'the answer is an empty list' };
    const date = answer.find((r) => r.nav_date)?.nav_date?.slice(0, 10) ?? asked;
    if (date !== asked) return { kind: 'other-day', date };
    return {
      kind: 'prices',
      date,
      prices: answer.map((r) => ({
        className: NO_CLASS.has((r.class_abbr_name ?? '').trim()) ? '' : r.class_abbr_name!.trim(),
        nav: r.last_val,
        offer: r.sell_price,
        redemption: r.buy_price,
        netAsset: r.net_asset,
      })),
    };
  }
  const date = answer.nav_date.slice(0, 10);
  if (date !== asked) return { kind: 'other-day', date };
  const info = answer.amc_info?.[0];
  if (!isNone(answer.last_val))
    return {
      kind: 'prices',
      date,
      prices: [
        {
          className: '',
          nav: answer.last_val,
          offer: info?.sell_price,
          redemption: info?.buy_price,
          netAsset: answer.net_asset,
        },
      ],
    };
  // A fund with classes: last_val is 0 and each class's NAV is in the remark (English, else Thai).
  const classes = remarkClasses(info?.remark_en ?? '');
  const read = classes.length > 0 ? classes : remarkClasses(info?.remark_th ?? '');
  if (read.length === 0)
    return { kind: 'problem', problem: 'last_val is 0 and remark_en names no class NAV' };
  return {
    kind: 'prices',
    date,
    prices: read.map((c) => ({
      className: c.className,
      nav: c.nav,
      offer: null,
      redemption: null,
      netAsset: null,
    })),
  };
}

/**
 * A price as the import's fund-prices columns (src/ingest/specs.ts checks it): an offer or a
 * redemption price that SEC gives as 0 or not at all is "none", and the NAV is published in its
 * place (documented). Total net assets are THB to the satang, as the import keeps them.
 */
export function priceColumns(fund: string, date: string, p: ClassNav): Record<string, unknown> {
  return {
    fund,
    date,
    nav: p.nav,
    offer: isNone(p.offer) ? p.nav : p.offer,
    redemption: isNone(p.redemption) ? p.nav : p.redemption,
    total_net_assets: isNone(p.netAsset) ? null : satang(p.netAsset),
  };
}

function satang(value: unknown): unknown {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  // What is not a number goes to the checks as it came, to be refused by name there.
  return Number.isFinite(n) ? (Math.round(n * 100) / 100).toFixed(2) : value;
}
