import { addDays } from '../../domain/dates.js';
import type { Random } from '../../domain/random.js';
import { FUND_HOUSES, SHARE_CLASSES, type FundHouse } from './catalog.js';
import { PROFILES, type Profile } from './profiles.js';
import { Stream, stream } from './streams.js';
import { THEMES, type Theme } from './themes.js';

/** A fund as the funds type keeps it. */
export interface FundRow {
  id: number;
  code: string;
  category_id: number;
  name_en: string;
  name_th: string;
  name_th_short: string | null;
  link_en: string;
  link_th: string;
  factsheet_url: string;
  display_order: number;
}

/** A fund's published reference row and the parameters its prices are generated from. */
export interface FundPlan {
  row: FundRow;
  /** Its house, what it invests in and its share class suffix ('' for the main class): its facts are made from them. */
  house: FundHouse;
  theme: Theme;
  shareClass: string;
  profile: Profile;
  /** Prices start on the first business day on or after this date. */
  inception: string;
  drift: number;
  vol: number;
  /** Fees as fractions of the NAV: the offer price adds one, the redemption price deducts the other. */
  frontFee: number;
  backFee: number;
  /** Net assets on the first day in baht, or null for a fund that does not publish them. */
  startingAssets: number | null;
  /**
   * Business days at the history's end whose prices are not published yet: 1 or 2 for a fund
   * investing abroad (AllFundPrices shows its earlier price, back-dated), else 0.
   */
  publishLag: number;
}

export const FIRST_FUND_NUMBER = 101;

// Funds launched late start inside a fixed window, one to six years before 2026, never relative to
// `until`, so a longer history keeps the same inception dates.
const LATE_LAUNCH = { from: '2020-12-01', to: '2025-10-31' };
const LATE_SHARE = 0.04; // on top of the SSF and Thai ESG lineups, which are late by nature
const FRONT_FEES = [0, 0, 0.0025, 0.005, 0.01, 0.015];
const BACK_FEES = [0, 0, 0, 0.0025, 0.005, 0.01];
const SITE = 'https://funds.example.com';

/** The first `count` funds: the bank's own lineup in full, then other houses' partial lineups. */
export function planFunds(seed: number, count: number): FundPlan[] {
  const plans: FundPlan[] = [];
  const perCategory = new Map<number, number>();
  for (const [houseIndex, house] of FUND_HOUSES.entries()) {
    for (const [theme, shareClass] of lineup(seed, houseIndex)) {
      if (plans.length === count) return plans;
      const order = (perCategory.get(theme.category) ?? 0) + 1;
      perCategory.set(theme.category, order);
      plans.push(planFund(seed, FIRST_FUND_NUMBER + plans.length, house, theme, shareClass, order));
    }
  }
  if (plans.length < count) throw new RangeError(`The demo universe has only ${plans.length} funds`);
  return plans;
}

/** A house's (theme, share class) pairs; the bank offers everything, other houses a random part. */
function* lineup(seed: number, houseIndex: number): Generator<[Theme, string]> {
  const random = stream(seed, Stream.house, houseIndex);
  for (const theme of THEMES) {
    const offered = houseIndex === 0 || random.next() < 0.8;
    for (const [i, suffix] of theme.classes.entries()) {
      const extra = random.next(); // drawn for every class, so later choices never shift
      if (offered && (houseIndex === 0 || i === 0 || extra < 0.5)) yield [theme, suffix];
    }
  }
}

function planFund(
  seed: number,
  id: number,
  house: FundHouse,
  theme: Theme,
  suffix: string,
  order: number,
): FundPlan {
  const random = stream(seed, Stream.fund, id);
  const shareClass = SHARE_CLASSES[suffix];
  if (!shareClass) throw new Error(`Unknown share class '${suffix}' in theme ${theme.stem}`);
  const profile: Profile = PROFILES[theme.profile];
  const code = `${house.code}-${theme.stem}${suffix}`;
  const thShort = shareClass.thShort ? ` (${shareClass.thShort})` : '';
  const inception = inceptionOf(random, theme);
  const money = profile.accrual !== undefined;
  const frontFee = random.pick(FRONT_FEES);
  const backFee = random.pick(BACK_FEES);
  const publishesAssets = random.next() >= 0.15;
  const startingAssets = 10 ** (8.3 + random.next() * 2.2); // about 200 million to 30 billion baht
  const drift = profile.drift + 0.01 * random.normal();
  const vol = profile.vol * (0.85 + 0.3 * random.next());
  const hasShortName = random.next() < 0.6;
  return {
    row: {
      id,
      code,
      category_id: theme.category,
      name_en: `${house.en} ${theme.en} Fund${shareClass.en ? ` - ${shareClass.en}` : ''}`,
      name_th: `กองทุนเปิด${house.th} ${theme.th}${shareClass.th ? ` ${shareClass.th}` : ''}`,
      name_th_short: hasShortName ? `${house.th} ${theme.th}${thShort}` : null,
      link_en: `${SITE}/en/fund/${code}`,
      link_th: `${SITE}/th/fund/${code}`,
      factsheet_url: `${SITE}/factsheet/${code}.pdf`,
      display_order: order,
    },
    house,
    theme,
    shareClass: suffix,
    profile,
    inception,
    drift,
    vol,
    // money-market funds price at NAV both ways
    frontFee: money ? 0 : frontFee,
    backFee: money ? 0 : backFee,
    startingAssets: publishesAssets ? startingAssets : null,
    // From the fund number, not the random stream, so every other drawn value stays as it was.
    publishLag: profile.abroad ? 1 + (id % 2) : 0,
  };
}

/** '' (from the history's first day) or a date inside the late-launch window. */
function inceptionOf(random: Random, theme: Theme): string {
  const draw = random.next(); // drawn for every fund, so the draws after it never shift
  const late = theme.launchFrom !== undefined || draw < LATE_SHARE;
  const from = theme.launchFrom && theme.launchFrom > LATE_LAUNCH.from ? theme.launchFrom : LATE_LAUNCH.from;
  const span = (Date.parse(LATE_LAUNCH.to) - Date.parse(from)) / 86_400_000;
  const offset = Math.floor(random.next() * span);
  return late ? addDays(from, offset) : '';
}
