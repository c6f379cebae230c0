import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from '../domain/errors.js';
import { isUsable, type KeyRepository, type Subscription } from '../store/key-repo.js';

export const KEY_HEADER = 'ocp-apim-subscription-key';
export const KEY_QUERY = 'subscription-key';

declare module 'fastify' {
  interface FastifyRequest {
    subscription?: Subscription;
  }
}

export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers[KEY_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const query = (request.query as Record<string, unknown> | undefined)?.[KEY_QUERY];
  return typeof query === 'string' && query !== '' ? query : undefined;
}

/** The gateway's key check, on every route of the scope it is installed in. */
export function installSubscriptionKeyCheck(app: FastifyInstance, keys: KeyRepository): void {
  app.addHook('onRequest', async (request) => {
    const key = presentedKey(request);
    if (key === undefined) throw new ApiError(401, MESSAGES.missingKey);
    // Keys are hex; anything longer than a key cannot be one and is not worth hashing.
    const subscription = key.length <= 128 ? await keys.findByKey(key) : undefined;
    if (!subscription || !isUsable(subscription)) throw new ApiError(401, MESSAGES.invalidKey);
    request.subscription = subscription;
  });
}
