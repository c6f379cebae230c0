import { serviceGroup, type GroupContext } from '../http/service-group.js';
import { fundFactsRoutes } from './facts-routes.js';
import { fundNavRoutes } from './nav-routes.js';
import { fundPriceRoutes } from './price-routes.js';
import type { FundRepositories } from './repository.js';

export const fundPriceService = serviceGroup({
  name: 'FundPriceService',
  repositories: ['funds'],
  reads: ['funds', 'fund-categories', 'fund-prices'],
  routes: async (api, { repos }: GroupContext<FundRepositories>) => {
    await api.register(fundNavRoutes, { repos });
    await api.register(fundPriceRoutes, { repos });
    await api.register(fundFactsRoutes, { repos });
  },
});
