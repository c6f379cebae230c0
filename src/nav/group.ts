import type { FundRepositories } from '../funds/repository.js';
import { serviceGroup, type GroupContext } from '../http/service-group.js';
import { navRoutes } from './routes.js';

/** The bank's newer website (contract notes: the newer website): the fund data in its shapes. */
export const navService = serviceGroup({
  name: 'nav',
  repositories: ['funds'],
  reads: ['funds', 'fund-categories', 'fund-prices'],
  routes: async (api, { repos }: GroupContext<FundRepositories>) => api.register(navRoutes, { repos }),
});
