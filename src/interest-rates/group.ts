import { serviceGroup, type GroupContext } from '../http/service-group.js';
import type { InterestRateRepositories } from './repository.js';
import { interestRateRoutes } from './routes.js';

export const interestRatesService = serviceGroup({
  name: 'InterestRatesService',
  repositories: ['deposits', 'loans'],
  reads: ['deposit-products', 'deposit-rates', 'loan-products', 'loan-rates'],
  routes: async (api, { repos, now }: GroupContext<InterestRateRepositories>) =>
    api.register(interestRateRoutes, { repos, now }),
});
