// The API's service groups (decisions: the first segment after /api/): what a subscription, a product
// and public access name, and what the OpenAPI document tags. Listed once, here; each group's code
// (its routes and the repositories they read) is declared in its folder's group.ts, and
// src/composition/service-groups.ts puts the two together (the compiler asks for every group here).

export const SERVICE_GROUPS = [
  { name: 'FundPriceService', description: 'Fund prices, NAV statistics and price dates' },
  { name: 'ExchangeRateService', description: 'Foreign exchange rates' },
  { name: 'InterestRatesService', description: 'Deposit and loan interest rates' },
  // The bank's newer website (contract notes: the newer website).
  {
    name: 'nav',
    description: "Fund prices as the bank's newer website reads them: objects, dates YYYY-MM-DD",
  },
  { name: 'MarketService', description: 'The daily market summary of the bank’s newer site' },
] as const;

export type ServiceGroupName = (typeof SERVICE_GROUPS)[number]['name'];

export const SERVICE_GROUP_NAMES: readonly ServiceGroupName[] = SERVICE_GROUPS.map((g) => g.name);
