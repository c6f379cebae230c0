import type { ServiceGroupName } from '../domain/service-groups.js';
import { exchangeRateService } from '../exchange-rates/group.js';
import { fundPriceService } from '../funds/group.js';
import type { ServiceGroup } from '../http/service-group.js';
import { interestRatesService } from '../interest-rates/group.js';
import { marketService } from '../market/group.js';
import { navService } from '../nav/group.js';
import type { Repositories } from './repositories.js';

/**
 * Each service group of domain/service-groups.ts with its code (its folder's group.ts). Keyed by
 * name, so the compiler asks for a group listed there and not here; the repositories each names must
 * be among the composition's.
 */
export const SERVICE_GROUP_CODE: { [N in ServiceGroupName]: ServiceGroup<Repositories> & { name: N } } = {
  FundPriceService: fundPriceService,
  ExchangeRateService: exchangeRateService,
  InterestRatesService: interestRatesService,
  nav: navService,
  MarketService: marketService,
};
