import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DataTables } from '../data-types/index.js';
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
  /** 1: its developer is mailed at 80 % and 100 % of the daily quota (0: opted out). */
  quota_warnings: ColumnType<number, number | undefined>;
}

/** Keys are stored only as SHA-256 hashes; each subscription has a primary and a secondary slot. */
export interface SubscriptionKeyTable {
  id: Generated<number>;
  subscription_id: number;
  slot: KeySlot;
  key_hash: string;
  key_hint: string; // last 4 characters, to tell keys apart in listings
  created_at: string;
  /** When the key stops (the developer's choice, or a regenerate's grace period); null: never. */
  expires_at: ColumnType<string | null, string | null | undefined>;
  /** Set on an old key kept for its grace period beside its slot's new key. */
  replaced_at: ColumnType<string | null, string | null | undefined>;
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
  /** The batch that first had a price on the day (as-of reads see the day from that batch on). */
  batch_id: number | null;
}

export interface MarketSummaryDateTable {
  summary_date: string;
  /** The batch that first had a value on the day (as-of reads see the day from that batch on). */
  batch_id: number | null;
}

/** The data types each batch inserted or changed rows of: the instants an answer could have changed. */
export interface BatchTypeTable {
  batch_id: number;
  type: string;
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
  /** Two-step sign-in: the TOTP secret (base32), and when it was confirmed (null: not in use). */
  totp_secret: ColumnType<string | null, string | null | undefined>;
  totp_enabled_at: ColumnType<string | null, string | null | undefined>;
  /** The time step of the last code taken: a code works once. */
  totp_last_step: ColumnType<number | null, number | null | undefined>;
}

/** A developer's recovery code for two-step sign-in, kept as a SHA-256 hash; each works once. */
export interface RecoveryCodeTable {
  developer_id: number;
  code_hash: string;
  used_at: string | null;
}

/** One keyed /api/ call of a subscription (the portal's request log); the path has no key. */
export interface RequestLogTable {
  id: Generated<number>;
  subscription_id: number;
  /** ISO instant of the answer, and its Bangkok day (the filter). */
  at: string;
  day: string;
  operation: string;
  path: string;
  status: number;
  ms: number;
  request_id: string;
}

/** A quota or limit warning mailed: one a subscription, day (or hour) and kind, on any node. */
export interface QuotaWarningTable {
  subscription_id: number;
  day: string;
  kind: string;
  sent_at: string;
}

/** A signed-in browser; only the SHA-256 hash of the cookie's value is kept. */
export interface PortalSessionTable {
  id_hash: string;
  developer_id: number;
  created_at: string;
  last_seen_at: string;
  /** The browser's User-Agent and the client address, as last seen (the sessions list). */
  user_agent: ColumnType<string | null, string | null | undefined>;
  address: ColumnType<string | null, string | null | undefined>;
}

export type PortalTokenKind = 'confirm' | 'reset' | 'email' | 'invite' | 'totp';

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

/** Every table: the data types' (declared in src/data-types/) and the service's own. */
export interface Database extends DataTables {
  developers: DeveloperTable;
  portal_sessions: PortalSessionTable;
  portal_tokens: PortalTokenTable;
  recovery_codes: RecoveryCodeTable;
  request_log: RequestLogTable;
  quota_warnings: QuotaWarningTable;
  products: ProductTable;
  batches: BatchTable;
  fund_price_dates: FundPriceDateTable;
  market_summary_dates: MarketSummaryDateTable;
  batch_types: BatchTypeTable;
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

/** The served tables some reads name (declared in src/data-types/). */
export type FundPriceTable = Database['fund_prices'];
export type FxRateTable = Database['fx_rates'];
// A fund and a family as the API reads them; the batch that wrote the row is the store's own.
export type Fund = Omit<Selectable<Database['funds']>, 'batch_id'>;
export type FxFamily = Omit<Selectable<Database['fx_families']>, 'batch_id'>;
