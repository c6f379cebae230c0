import { jsonNumber, priceWriters } from '../funds/presenter-bytes.js';
import { netAssetsText } from '../funds/presenter.js';
import { NavPriceOfDay } from './schemas.js';

/**
 * The price fields of a nav/AllFundPrices item as JSON text, by their names in the schema
 * (NavPriceOfDay), for the funds group's byte writer of a day's prices (dayPricesJson): the same JSON
 * as navFundPrice's objects through the schema serializer (test/nav/nav-json.test.ts compares them).
 */
export const NAV_PRICE_WRITERS = priceWriters(NavPriceOfDay, {
  mfr_fNav: (p) => jsonNumber(p.nav),
  mfr_fSel: (p) => jsonNumber(p.offer),
  mfr_fBuy: (p) => jsonNumber(p.redemption),
  mfr_dDataDate: (p) => `"${p.price_date}"`,
  mf_sAUM: (p) => `"${netAssetsText(p.total_net_assets)}"`,
  mf_backdate: (p, date) => (p.price_date === date ? '""' : `"${p.price_date}"`),
});
