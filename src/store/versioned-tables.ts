/** A table whose served rows keep their earlier values in a revisions table (decisions, section 5). */
export interface VersionedTable {
  table: 'fund_prices' | 'fx_rates' | 'deposit_rates' | 'loan_rates' | 'market_summary';
  revisions:
    | 'fund_price_revisions'
    | 'fx_rate_revisions'
    | 'deposit_rate_revisions'
    | 'loan_rate_revisions'
    | 'market_summary_revisions';
  keys: readonly string[];
  values: readonly string[];
}

export interface WriteCounts {
  inserted: number;
  /** Rows whose served value changed; each one kept its earlier value as a revision. */
  changed: number;
  unchanged: number;
}

export type Row = Record<string, string | number | null>;

export const FUND_PRICES: VersionedTable = {
  table: 'fund_prices',
  revisions: 'fund_price_revisions',
  keys: ['fund_id', 'price_date'],
  values: ['nav', 'offer', 'redemption', 'total_net_assets'],
};

export const FX_RATES: VersionedTable = {
  table: 'fx_rates',
  revisions: 'fx_rate_revisions',
  keys: ['family_code', 'rate_date', 'round'],
  values: ['rate_time', 'buying_notes', 'selling_notes', 'buying_sight_bill', 'selling_tt', 'buying_tt'],
};

export const DEPOSIT_RATES: VersionedTable = {
  table: 'deposit_rates',
  revisions: 'deposit_rate_revisions',
  keys: ['product_id', 'effective_date'],
  values: ['rate', 'submitted_at'],
};

export const LOAN_RATES: VersionedTable = {
  table: 'loan_rates',
  revisions: 'loan_rate_revisions',
  keys: ['product_id', 'effective_date'],
  values: ['rate', 'submitted_at'],
};

export const MARKET_SUMMARY: VersionedTable = {
  table: 'market_summary',
  revisions: 'market_summary_revisions',
  keys: ['summary_date', 'code', 'number'],
  values: ['value'],
};

/**
 * Prices and rates written by `rates sync` carry the upstream's own numbers for them (served as
 * mfr_iId, l_ID and ID), compared and kept in revisions like the values.
 */
export const SYNCED_FUND_PRICES: VersionedTable = {
  ...FUND_PRICES,
  values: [...FUND_PRICES.values, 'origin_id', 'origin_batch_id'],
};

export const SYNCED_FX_RATES: VersionedTable = {
  ...FX_RATES,
  values: [...FX_RATES.values, 'origin_id'],
};
