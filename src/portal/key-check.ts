import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { lookUpKey } from '../calls/admission.js';
import { isUsable } from '../domain/subscriptions.js';
import type { Gateway } from '../gateway/index.js';
import { KeyCheckAnswer, KeyCheckBody } from '../schemas/portal.js';
import { tooManyAttempts } from './throttle.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A portal route that reads no session and needs no CSRF token (the key check). */
    sessionless?: boolean;
  }
}

/**
 * POST /key-check {key} -> {alive}: whether the key works now, whatever service groups it opens (the
 * gateway's own rule, isUsable), without calling an operation. A call of one answers a key kept out of
 * its group with the same 401 as a dead key (as the original service does), and counts against the key's
 * limits, usage and request log; this counts nothing of the key. /docs and the explorer ask it about the
 * key kept in the browser.
 *
 * Wrong keys count as guesses of the client address exactly as on /api/ (lookUpKey): a guessing address
 * gets 429 here and there. No session, so no CSRF token: it changes nothing, reads no cookie, and another
 * site's page cannot read its answer (no CORS here) nor send it JSON without asking (a preflight).
 */
export const keyCheckRoute: FastifyPluginAsyncTypebox<{ gateway: Gateway; now: () => Date }> = async (
  app,
  { gateway, now },
) => {
  app.post(
    '/key-check',
    {
      config: { sessionless: true },
      schema: { body: KeyCheckBody, response: { 200: KeyCheckAnswer } },
    },
    async (request) => {
      const found = await lookUpKey(gateway, request.body.key, request.ip);
      if ('waitMs' in found) throw tooManyAttempts(found.waitMs);
      const { subscription } = found;
      return { alive: subscription !== undefined && isUsable(subscription, now()) };
    },
  );
};
