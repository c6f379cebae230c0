import { formatRate } from '../domain/rates.js';
import type { FxBannerRow, FxFamily, FxRateRow } from './schemas.js';
import type { RateRow } from '../store/fx-rate-columns.js';

// The exchange-rate group's wire shapes, each written here once. The repositories call these as they
// read: a family's daily series is kept in its cache already presented, so a 3-year download does not
// format its rows again on every call.

/** The five rates of a stored row as served: fixed decimals, '' when not quoted. */
function rateFields(r: RateRow, decimals: number) {
  return {
    BuyingRates: formatRate(r.buying_notes, decimals),
    SellingRates: formatRate(r.selling_notes, decimals),
    SightBill: formatRate(r.buying_sight_bill, decimals),
    Bill_DD_TT: formatRate(r.selling_tt, decimals),
    TT: formatRate(r.buying_tt, decimals),
  };
}

/** GetFXFamily's item. */
export function familyItem(f: { code: string; name: string }): FxFamily {
  return { Family: f.code, Description: f.name };
}

/** A family's family fields and decimals, as a row of rates shows them. */
export interface FamilyOfRow {
  code: string;
  description: string;
  name: string;
  decimals: number;
}

/** A banner row (GetfxbannerAPI, a round's rates): one family's rates of a round, `ddate` already written. */
export function bannerRow(
  family: FamilyOfRow,
  r: RateRow & { id: number; round: number; rate_time: string },
  ddate: string,
): FxBannerRow {
  return {
    ID: String(r.id),
    Description: family.description,
    Family: family.code,
    FamilyLong: family.name,
    ...rateFields(r, family.decimals),
    Ddate: ddate,
    Update: String(r.round),
    DTime: r.rate_time,
  };
}

/** A row of a family's rates (a day's, or one round's of a day), `ddate` already written. */
export function rateRow(
  family: string,
  decimals: number,
  r: RateRow & { rate_time: string },
  ddate: string,
): FxRateRow {
  return { Family: family, ...rateFields(r, decimals), Ddate: ddate, DTime: r.rate_time };
}
