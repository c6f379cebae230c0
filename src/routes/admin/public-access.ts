import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PublicAccessInfo, PublicAccessSettings } from '../../schemas/public-access.js';
import { PublicAccessRepository } from '../../store/public-access-repo.js';
import type { AdminContext } from './context.js';

/**
 * Public access under /admin/public-access (docs/public-access.md): the same actions as the
 * `public-access` commands. A change applies in this process at once and on other nodes as a
 * subscription change does (a notice over Redis, else their poll).
 */
export const publicAccessRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (
  app,
  { store, gateway },
) => {
  const access = new PublicAccessRepository(store.db);
  const applied = async (result: PublicAccessInfo): Promise<PublicAccessInfo> => {
    await gateway.subscriptionsChanged();
    return result;
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );

  app.get(
    '/public-access',
    {
      schema: {
        description: 'Which service groups answer calls without a key, from which origins, with which limits',
        response: { 200: PublicAccessInfo },
      },
    },
    async () => access.show(),
  );

  app.put(
    '/public-access',
    {
      schema: {
        description:
          'Opens the service groups to calls without a key (replacing earlier settings); each client address gets the rate limit and quota on its own',
        body: PublicAccessSettings,
        response: { 200: PublicAccessInfo },
      },
    },
    async (request) => applied(await access.open(request.body, gateway.now())),
  );

  app.delete(
    '/public-access',
    {
      schema: {
        description: 'Closes every service group: calls without a key get 401 again',
        response: { 200: PublicAccessInfo },
      },
    },
    async () => applied(await access.close()),
  );
};
