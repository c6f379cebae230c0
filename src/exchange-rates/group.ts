import { serviceGroup, type GroupContext } from '../http/service-group.js';
import type { ExchangeRateRepositories } from './repository.js';
import { exchangeRateRoutes } from './routes.js';
import { exchangeRateWebsiteRoutes } from './website-routes.js';

export const exchangeRateService = serviceGroup({
  name: 'ExchangeRateService',
  repositories: ['fx', 'fxRounds'],
  reads: ['fx-families', 'fx-rates'],
  routes: async (api, { repos }: GroupContext<ExchangeRateRepositories>) => {
    await api.register(exchangeRateRoutes, { repos });
    await api.register(exchangeRateWebsiteRoutes, { repos });
  },
});
