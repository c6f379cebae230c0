// How a fund's NAV moves, by what it invests in. `drift` and `vol` are annual (log-return mean and
// standard deviation); `factor` names the market stream shared by every fund with the profile, so two
// share classes of one fund, or two Thai equity funds, move together as they do in a real market.
export interface Profile {
  factor: number;
  drift: number;
  vol: number;
  /** Correlation of a fund's daily return with its profile's market factor. */
  correlation: number;
  /** Money-market funds accrue the short rate smoothly instead of following a random walk. */
  accrual?: { spreadToPolicy: number };
  /** Invests abroad: its NAV of a day is known a day or two later, so its latest days are not out yet. */
  abroad?: boolean;
}

export const PROFILES = {
  money: { factor: 1, drift: 0, vol: 0, correlation: 0, accrual: { spreadToPolicy: -0.2 } },
  shortBond: { factor: 2, drift: 0.018, vol: 0.008, correlation: 0.8 },
  bond: { factor: 3, drift: 0.024, vol: 0.025, correlation: 0.85 },
  globalBond: { factor: 4, drift: 0.02, vol: 0.05, correlation: 0.85, abroad: true },
  conservative: { factor: 5, drift: 0.03, vol: 0.05, correlation: 0.8 },
  mixed: { factor: 6, drift: 0.04, vol: 0.09, correlation: 0.85 },
  thaiEquity: { factor: 7, drift: 0.03, vol: 0.16, correlation: 0.9 },
  dividend: { factor: 7, drift: 0.04, vol: 0.14, correlation: 0.85 },
  smallCap: { factor: 8, drift: 0.04, vol: 0.21, correlation: 0.8 },
  globalEquity: { factor: 9, drift: 0.07, vol: 0.15, correlation: 0.9, abroad: true },
  usEquity: { factor: 10, drift: 0.08, vol: 0.17, correlation: 0.9, abroad: true },
  tech: { factor: 11, drift: 0.1, vol: 0.25, correlation: 0.85, abroad: true },
  china: { factor: 12, drift: 0.02, vol: 0.24, correlation: 0.9, abroad: true },
  emerging: { factor: 13, drift: 0.05, vol: 0.19, correlation: 0.8, abroad: true },
  developed: { factor: 14, drift: 0.05, vol: 0.15, correlation: 0.8, abroad: true },
  property: { factor: 15, drift: 0.03, vol: 0.12, correlation: 0.85 },
  gold: { factor: 16, drift: 0.06, vol: 0.15, correlation: 0.95, abroad: true },
  commodity: { factor: 17, drift: 0.01, vol: 0.22, correlation: 0.85, abroad: true },
} as const satisfies Record<string, Profile>;

export type ProfileName = keyof typeof PROFILES;
