// GetMarketsum's answer (decisions 9), typed here until the MarketService group defines its schema.

/** `[[{"mktdate": "27/11/2026"}], [{"mktcode": "RR", "mktno": "1", "mktvalue": "32.4512"}, ...]]`; `[[], []]` with none. */
export type MarketSummary = [MarketDate[], MarketValue[]];

export interface MarketDate {
  /** The summary's day, `dd/MM/yyyy`. */
  mktdate: string;
}

export interface MarketValue {
  /** The section: RR, USIR, MMR, ... FXMO, TBMO. */
  mktcode: string;
  /** The value's place in its section, from "1". */
  mktno: string;
  /** A display string as the operator wrote it; HTML of a safe subset for FXMO and TBMO. */
  mktvalue: string;
}
