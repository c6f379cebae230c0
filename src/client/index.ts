// The package's typed client (`rates-data-service/client`): fetch-based, no Node-only imports, so it
// runs in Node 20 and in browsers alike (the explorer uses it).
export {
  RatesClient,
  type CallOptions,
  type FundCode,
  type Lang,
  type RatesClientOptions,
} from './client.js';
export { isoDay, type DateInput } from './dates.js';
export { RatesApiError } from './errors.js';
export type { FundDividend, FundFacts, ListedFundFacts } from '../funds/facts-schemas.js';
export type { DepositRate, LoanRate } from '../interest-rates/schemas.js';
export type { MarketDate, MarketSummary, MarketValue } from '../market/schemas.js';
export type {
  FxBannerRow,
  FxCalAmount,
  FxConversion,
  FxDay,
  FxFamily,
  FxLastUpdate,
  FxRateRow,
  FxRound,
} from '../exchange-rates/schemas.js';
export type {
  FundNameItem,
  FundNavRange,
  FundNavStatistics,
  FundPriceListItem,
  FundPriceRecord,
  LatestDateRecord,
  NavEntry,
  UpdateDay,
} from '../funds/schemas.js';
export type {
  NavFund,
  NavFundPrice,
  NavLatestDate,
  NavMaxMin,
  NavPriceRecord,
  NavUpdateDay,
} from '../nav/schemas.js';
