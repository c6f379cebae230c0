import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { KeySlot, QuotaPeriod, Subscription } from '../domain/subscriptions.js';

// Dates are stored as 'YYYY-MM-DD' text and times as 'HH:mm' or 'YYYY-MM-DD HH:mm:ss' text (Bangkok),
// so the same queries sort and compare them identically on SQLite and PostgreSQL.

export interface BatchTable {
  id: Generated<number>;
  kind: string; // what the batch carried: 'demo', 'fund-prices', 'fx-rates', ...
  source: string; // file name, 'admin-api', 'demo-generator'
  status: 'open' | 'committed' | 'rejected';
  created_at: string; // ISO instant, UTC
  committed_at: string | null;
  row_count: number;
}

export interface FundCategoryTable {
  id: number; // mf_catenumber
  name_en: string;
  name_th: string;
  display_order: number;
}

export interface FundTable {
  id: number; // mf_iNumber
  code: string; // short code as published, e.g. B-TREASURY
  code_key: string; // upper-cased code, for case-insensitive lookups through a plain index
  category_id: number;
  name_en: string;
  name_th: string;
  name_th_short: string | null; // mf_sThaLCD; the Thai name is served when null
  link_en: string;
  link_th: string;
  factsheet_url: string;
  display_order: number;
}

/** The served price of a fund on a date; earlier values live in fund_price_revisions. */
export interface FundPriceTable {
  id: Generated<number>; // mfr_iId
  fund_id: number;
  price_date: string;
  nav: number;
  offer: number; // mfr_fSel, PurchaseRate
  redemption: number; // mfr_fBuy, RedeemRate
  total_net_assets: number | null;
  batch_id: number; // l_ID
  /** A synced row's mfr_iId and l_ID at the upstream (served instead of id and batch_id when set). */
  origin_id: number | null;
  origin_batch_id: number | null;
}

export interface FundPriceRevisionTable {
  id: Generated<number>;
  fund_id: number;
  price_date: string;
  nav: number;
  offer: number;
  redemption: number;
  total_net_assets: number | null;
  batch_id: number; // the batch that had delivered this value
  origin_id: number | null;
  origin_batch_id: number | null;
  replaced_by_batch_id: number;
  replaced_at: string;
}

export interface FxFamilyTable {
  code: string; // USD1, GBP, JPY ...
  description: string; // short label: 'USD: 1-2', 'Japan (:100)'
  name: string; // long name: 'US Dollar 1-2'
  unit: number; // 1, 100 or 1000 units of the currency per quote
  decimals: number;
  display_order: number;
}

/** One published update round of one family's rates on one day; null = not quoted. */
export interface FxRateTable {
  id: Generated<number>;
  family_code: string;
  rate_date: string;
  round: number;
  rate_time: string; // HH:mm
  buying_notes: number | null;
  selling_notes: number | null;
  buying_sight_bill: number | null;
  selling_tt: number | null; // Bill_DD_TT
  buying_tt: number | null; // TT
  batch_id: number;
  /** A synced row's ID at the upstream (served instead of id when set). */
  origin_id: number | null;
}

export interface FxRateRevisionTable {
  id: Generated<number>;
  family_code: string;
  rate_date: string;
  round: number;
  rate_time: string;
  buying_notes: number | null;
  selling_notes: number | null;
  buying_sight_bill: number | null;
  selling_tt: number | null;
  buying_tt: number | null;
  batch_id: number;
  origin_id: number | null;
  replaced_by_batch_id: number;
  replaced_at: string;
}

export interface DepositProductTable {
  id: number;
  name_en: string;
  name_th: string;
  display_order: number;
}

export interface DepositRateTable {
  id: Generated<number>;
  product_id: number;
  effective_date: string;
  rate: string; // percent per annum as a decimal string, kept exactly as published
  submitted_at: string; // 'YYYY-MM-DD HH:mm:ss', Bangkok
  batch_id: number;
}

export interface DepositRateRevisionTable {
  id: Generated<number>;
  product_id: number;
  effective_date: string;
  rate: string;
  submitted_at: string;
  batch_id: number;
  replaced_by_batch_id: number;
  replaced_at: string;
}

/** A loan reference rate (MLR, MOR, MRR) or loan product of GetLoanRate, in display order. */
export interface LoanProductTable {
  id: number;
  name_en: string;
  name_th: string;
  display_order: number;
}

export interface LoanRateTable {
  id: Generated<number>;
  product_id: number;
  effective_date: string;
  rate: string; // percent per annum as a decimal string, kept exactly as published
  submitted_at: string; // 'YYYY-MM-DD HH:mm:ss', Bangkok
  batch_id: number;
}

export interface LoanRateRevisionTable {
  id: Generated<number>;
  product_id: number;
  effective_date: string;
  rate: string;
  submitted_at: string;
  batch_id: number;
  replaced_by_batch_id: number;
  replaced_at: string;
}

/**
 * One value of the daily market summary (GetMarketsum): a code's `number`th value on a day, a display
 * string as the operator wrote it (the outlooks FXMO and TBMO in a safe subset of HTML).
 */
export interface MarketSummaryTable {
  id: Generated<number>;
  summary_date: string;
  code: string; // RR, USIR, ... (domain/market-summary.ts)
  number: number; // 1 to the code's count
  value: string;
  batch_id: number;
}

export interface MarketSummaryRevisionTable {
  id: Generated<number>;
  summary_date: string;
  code: string;
  number: number;
  value: string;
  batch_id: number;
  replaced_by_batch_id: number;
  replaced_at: string;
}

/** The columns are the domain's Subscription (defined there once); the store adds the generated id. */
export interface SubscriptionTable extends Omit<Subscription, 'id'> {
  id: Generated<number>;
  /** The developer who owns it (portal); null for one the operator keeps. */
  developer_id: ColumnType<number | null, number | null | undefined>;
  product_id: ColumnType<number | null, number | null | undefined>;
  rejection_reason: ColumnType<string | null, string | null | undefined>;
  /** When it became active (made active, or approved); null while submitted. */
  activated_at: ColumnType<string | null, string | null | undefined>;
  /** 1: suspended by a block of its developer, and resumed by the unblock. */
  held_by_block: ColumnType<number, number | undefined>;
}

/** Keys are stored only as SHA-256 hashes; each subscription has a primary and a secondary slot. */
export interface SubscriptionKeyTable {
  id: Generated<number>;
  subscription_id: number;
  slot: KeySlot;
  key_hash: string;
  key_hint: string; // last 4 characters, to tell keys apart in listings
  created_at: string;
}

/** Tokens for the admin API; only SHA-256 hashes are stored. */
export interface AdminTokenTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  token_hint: string;
  created_at: string;
  revoked_at: string | null;
}

/** Every date on which any fund has a price (maintained by each batch). */
export interface FundPriceDateTable {
  price_date: string;
}

/** Calls per subscription, Bangkok day, operation id and status class ('2xx', '4xx', '5xx'). */
export interface UsageTable {
  subscription_id: number;
  day: string;
  operation: string;
  status_class: string;
  count: number;
}

/** Small named counters; 'subscriptions_version' goes up with every change to a subscription or key. */
export interface SettingTable {
  name: string;
  value: number;
}

/**
 * Service groups open to calls without a key (one row, id 1; none: closed), counted under the
 * subscription `subscription_id` ('anonymous'), each client address limited on its own.
 */
export interface PublicAccessTable {
  id: number;
  subscription_id: number;
  groups: string; // a comma list of service groups
  origins: string; // a comma list of browser origins, or '*'
  rate_limit_calls: number;
  rate_limit_period_s: number;
  quota_calls: number | null;
  quota_period: QuotaPeriod | null;
  updated_at: string;
}

/** A sync's progress and last result (src/sync/state.ts), as JSON under a name. */
export interface SyncStateTable {
  name: string;
  state: string;
  updated_at: string;
}

/** A developer's account (docs/portal.md); the email is kept lower-cased, so it is unique in any case. */
export interface DeveloperTable {
  id: Generated<number>;
  email: string;
  name: string;
  /** argon2id, in its PHC string form. */
  password_hash: string;
  lang: 'en' | 'th';
  /** A new address waiting for its confirmation link. */
  pending_email: string | null;
  confirmed_at: string | null;
  blocked_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A signed-in browser; only the SHA-256 hash of the cookie's value is kept. */
export interface PortalSessionTable {
  id_hash: string;
  developer_id: number;
  created_at: string;
  last_seen_at: string;
}

export type PortalTokenKind = 'confirm' | 'reset' | 'email' | 'invite';

/** A link mailed to a developer: single use, expiring, kept as a SHA-256 hash. */
export interface PortalTokenTable {
  token_hash: string;
  kind: PortalTokenKind;
  developer_id: number | null;
  /** The address it was sent to (an email change's new address, an invitation's). */
  email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** What a developer subscribes to: groups, limits, approval, terms. Flags are 0/1 on both stores. */
export interface ProductTable {
  id: Generated<number>;
  name: string;
  description_en: string;
  description_th: string;
  groups: string;
  rate_limit_calls: number | null;
  rate_limit_period_s: number | null;
  quota_calls: number | null;
  quota_period: QuotaPeriod | null;
  approval: number;
  per_developer: number;
  terms: string;
  published: number;
  created_at: string;
  updated_at: string;
}

/** A connector's progress and last run (src/connectors/state.ts), as JSON under its name. */
export interface ConnectorStateTable {
  name: string;
  state: string;
  updated_at: string;
}

/** The fund number (mf_iNumber) given to an SEC project and class (migration 015). */
export interface SecFundNumberTable {
  proj_id: string;
  class_name: string; // '' for a fund without classes
  fund_id: number;
  allocated_at: string;
}

export interface Database {
  developers: DeveloperTable;
  portal_sessions: PortalSessionTable;
  portal_tokens: PortalTokenTable;
  products: ProductTable;
  batches: BatchTable;
  fund_categories: FundCategoryTable;
  funds: FundTable;
  fund_prices: FundPriceTable;
  fund_price_revisions: FundPriceRevisionTable;
  fund_price_dates: FundPriceDateTable;
  fx_families: FxFamilyTable;
  fx_rates: FxRateTable;
  fx_rate_revisions: FxRateRevisionTable;
  deposit_products: DepositProductTable;
  deposit_rates: DepositRateTable;
  deposit_rate_revisions: DepositRateRevisionTable;
  loan_products: LoanProductTable;
  loan_rates: LoanRateTable;
  loan_rate_revisions: LoanRateRevisionTable;
  market_summary: MarketSummaryTable;
  market_summary_revisions: MarketSummaryRevisionTable;
  subscriptions: SubscriptionTable;
  subscription_keys: SubscriptionKeyTable;
  admin_tokens: AdminTokenTable;
  usage: UsageTable;
  settings: SettingTable;
  public_access: PublicAccessTable;
  sync_state: SyncStateTable;
  connector_state: ConnectorStateTable;
  sec_fund_numbers: SecFundNumberTable;
}

export type NewFundPrice = Omit<Insertable<FundPriceTable>, 'batch_id' | 'id'>;
export type NewFxRate = Omit<Insertable<FxRateTable>, 'batch_id' | 'id'>;
export type NewDepositRate = Omit<Insertable<DepositRateTable>, 'batch_id' | 'id'>;
export type NewLoanRate = Omit<Insertable<LoanRateTable>, 'batch_id' | 'id'>;
export type NewMarketSummaryRow = Omit<Insertable<MarketSummaryTable>, 'batch_id' | 'id'>;
export type Fund = Selectable<FundTable>;
export type FxFamily = Selectable<FxFamilyTable>;
