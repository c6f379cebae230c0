import { serviceGroup, type GroupContext } from '../http/service-group.js';
import type { MarketRepository } from './repository.js';
import { marketRoutes } from './routes.js';

export const marketService = serviceGroup({
  name: 'MarketService',
  repositories: ['market'],
  reads: ['market-summary'],
  routes: async (api, { repos }: GroupContext<{ market: MarketRepository }>) =>
    api.register(marketRoutes, { repos }),
});
