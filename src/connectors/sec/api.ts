import type { Config } from '../../config.js';
import type { Credential, SourceHttp } from '../http.js';

/**
 * SEC's two products, each with a subscription key of its own (docs/connectors.md says how to get
 * them), sent in `Ocp-Apim-Subscription-Key`.
 */
export const SEC_KEYS = {
  FundFactsheet: {
    env: 'SEC_FACTSHEET_KEY',
    where:
      'https://api-portal.sec.or.th (sign up, subscribe to the FundFactsheet product, copy its primary key)',
  },
  FundDailyInfo: {
    env: 'SEC_DAILYINFO_KEY',
    where:
      'https://api-portal.sec.or.th (sign up, subscribe to the FundDailyInfo product, copy its primary key)',
  },
} as const satisfies Record<string, Credential>;
export type Product = keyof typeof SEC_KEYS;

export const secCredentials = (settings: Config) => [
  { credential: SEC_KEYS.FundFactsheet, value: settings.secFactsheetKey },
  { credential: SEC_KEYS.FundDailyInfo, value: settings.secDailyinfoKey },
];

/** SEC's open API through the connectors' polite HTTP client: each product's key with its calls. */
export class SecApi {
  private readonly base: string;

  constructor(
    private readonly http: SourceHttp,
    private readonly settings: Config,
  ) {
    this.base = settings.secApiUrl.replace(/\/+$/, '');
  }

  /** A GET of `path` (`/FundFactsheet/fund/amc`): its JSON body, or undefined for 204 (none). */
  async get(product: Product, path: string, what: string): Promise<unknown> {
    const key = product === 'FundFactsheet' ? this.settings.secFactsheetKey : this.settings.secDailyinfoKey;
    const { status, body } = await this.http.getJson(`${this.base}${path}`, {
      what,
      headers: { 'Ocp-Apim-Subscription-Key': key },
      credential: SEC_KEYS[product],
    });
    return status === 204 ? undefined : body;
  }
}
