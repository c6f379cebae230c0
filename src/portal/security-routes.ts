import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CodeBody, PasswordBody, TwoStepOff } from '../schemas/portal.js';
import type { DeveloperRepository } from '../store/developer-repo.js';
import type { Accounts } from './accounts.js';
import { PortalError } from './errors.js';
import type { Sessions } from './session.js';
import type { Throttle } from './throttle.js';
import { checkSecondStep, type TwoStep } from './two-step.js';

interface Context {
  sessions: Sessions;
  developers: DeveloperRepository;
  twoStep: TwoStep;
  throttle: Throttle;
  accounts: Accounts;
  now: () => Date;
}

/** What authenticator apps show above the codes. */
const ISSUER = 'Rates data service';
/** A session is named by the start of its stored hash: enough to tell a developer's few apart. */
const SESSION_ID_LENGTH = 16;
const SessionParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{16}$' }) });

/**
 * The account's security (docs/portal.md): its active sessions, each signed out on its own, and
 * two-step sign-in with an authenticator app. Turning two-step on or off asks for the password (and
 * off, a code too), counted as the password change's tries are.
 */
export const securityRoutes: FastifyPluginAsyncTypebox<Context> = async (app, context) => {
  const { sessions, developers, twoStep, throttle, accounts, now } = context;

  app.get('/sessions', async (request) => {
    const { developer } = sessions.required(request);
    const current = sessions.hashOf(request);
    return (await developers.sessionsOf(developer.id)).map((s) => ({
      id: s.id_hash.slice(0, SESSION_ID_LENGTH),
      device: s.user_agent,
      address: s.address,
      createdAt: s.created_at,
      lastSeenAt: s.last_seen_at,
      current: s.id_hash === current,
    }));
  });

  app.delete('/sessions/:id', { schema: { params: SessionParams } }, async (request, reply) => {
    const { developer } = sessions.required(request);
    const session = (await developers.sessionsOf(developer.id)).find((s) =>
      s.id_hash.startsWith(request.params.id),
    );
    if (!session) throw new PortalError(404, 'not_found');
    if (session.id_hash === sessions.hashOf(request)) await sessions.end(request, reply);
    else await developers.endSessionOf(developer.id, session.id_hash);
    return reply.code(204).send();
  });

  app.get('/me/two-step', async (request) => {
    const { developer } = sessions.required(request);
    return {
      enabled: developer.totp_enabled_at !== null,
      recoveryCodesLeft: await twoStep.repo.recoveryCodesLeft(developer.id),
    };
  });

  app.post('/me/two-step/setup', { schema: { body: PasswordBody } }, async (request) => {
    const { developer } = sessions.required(request);
    if (developer.totp_enabled_at !== null)
      throw new PortalError(400, 'bad_request', 'Two-step sign-in is on.');
    await throttle.password(developer.id, () => accounts.checkPassword(developer, request.body.password));
    return twoStep.setup(developer, ISSUER);
  });

  app.post('/me/two-step/enable', { schema: { body: CodeBody } }, async (request) => {
    const { developer } = sessions.required(request);
    if (developer.totp_enabled_at !== null)
      throw new PortalError(400, 'bad_request', 'Two-step sign-in is on.');
    const recoveryCodes = await throttle.password(developer.id, () =>
      twoStep.enable(developer, request.body.code),
    );
    return { recoveryCodes };
  });

  app.post('/me/two-step/disable', { schema: { body: TwoStepOff } }, async (request) => {
    const { developer } = sessions.required(request);
    await throttle.password(developer.id, async () => {
      await accounts.checkPassword(developer, request.body.password);
      await checkSecondStep(twoStep.repo, developer, request.body.code, now());
    });
    await twoStep.repo.disable(developer.id);
    return {};
  });
};
