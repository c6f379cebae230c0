import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Gateway } from '../gateway/index.js';
import {
  EmailBody,
  EmailChange,
  MeUpdate,
  PasswordBody,
  PasswordChange,
  ResetBody,
  SecondStepBody,
  SigninBody,
  SignupBody,
  TokenBody,
} from '../schemas/portal.js';
import type { Store } from '../store/db.js';
import { DeveloperRepository } from '../store/developer-repo.js';
import { Accounts } from './accounts.js';
import { requestEmail, requestName, toDeveloper } from './developer-view.js';
import { PortalError } from './errors.js';
import type { Mailer } from './mailer.js';
import { commonPasswords } from './passwords.js';
import type { PortalSettings } from './public-url.js';
import { Sessions } from './session.js';
import { subscriptionRoutes } from './subscription-routes.js';
import { Throttle } from './throttle.js';
import { keyCheckRoute } from './key-check.js';
import { securityRoutes } from './security-routes.js';
import { TwoStep } from './two-step.js';
import { Warnings } from './warnings.js';
import { WarningsRepository } from '../store/warnings-repo.js';
import { TwoStepRepository } from '../store/two-step-repo.js';

export interface PortalContext {
  store: Store;
  gateway: Gateway;
  config: PortalSettings;
  mailer: Mailer;
  now: () => Date;
}

/** Portal bodies are a few fields: 16 kB is ample. */
const BODY_LIMIT = 16 * 1024;

/**
 * The developer portal's JSON API, registered under /portal/api: its hooks (session, CSRF, errors)
 * are this plugin's own, so nothing of it runs for an /api/ call.
 */
export const portalRoutes: FastifyPluginAsyncTypebox<PortalContext> = async (app, context) => {
  const { store, gateway, mailer, config } = context;
  const now = context.now;
  const developers = new DeveloperRepository(store.db);
  const sessions = new Sessions(developers, now);
  const throttle = new Throttle(gateway.limiterStore);
  const twoStep = new TwoStep(developers, new TwoStepRepository(store.db), throttle, now);
  const accounts = new Accounts({
    developers,
    mailer,
    config,
    now,
    onMailError: (error) => app.log.error({ error: (error as Error).message }, 'portal mail failed'),
  });
  // Quota and limit warnings, checked after each write of this node of what they read.
  const warnings = new Warnings({
    repo: new WarningsRepository(store.db),
    developers,
    accounts,
    now,
    rateLimitWarning: config.rateLimitWarning ?? 100,
  });
  const stopQuota = gateway.usage.afterWrite(() => warnings.checkQuota());
  const stopRateLimit = gateway.requestLog.afterWrite(() => warnings.checkRateLimit());
  app.addHook('onClose', async () => {
    stopQuota();
    stopRateLimit();
  });
  // Read once now, not at the first sign-up's request.
  await commonPasswords();

  installPortalErrors(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    app.getDefaultJsonParser('error', 'ignore'),
  );
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    // The key check reads no session and needs no CSRF token (key-check.ts says why).
    if (request.routeOptions.config.sessionless) return;
    await sessions.load(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') sessions.checkCsrf(request);
  });
  const address = (request: FastifyRequest) => gateway.clientOf(request.ip);

  app.get('/session', async (request, reply) => ({
    developer: sessions.current(request) ? toDeveloper(sessions.current(request)!.developer) : null,
    csrfToken: sessions.csrfToken(request, reply),
    portal: config.portal,
    contact: config.contact ?? null,
  }));

  app.post('/signup', { schema: { body: SignupBody } }, async (request, reply) => {
    const email = requestEmail(request.body.email);
    await throttle.attempt('signup', address(request), email);
    await accounts.signup({ ...request.body, name: requestName(request.body.name), email });
    return reply.code(202).send({});
  });

  app.post('/confirm', { schema: { body: TokenBody } }, async (request) => {
    await throttle.attempt('token', address(request));
    await accounts.confirm(request.body.token);
    return {};
  });

  app.post('/signin', { schema: { body: SigninBody } }, async (request, reply) => {
    const email = requestEmail(request.body.email);
    // Refused while this address, or this address and account, made too many wrong guesses.
    const developer = await throttle.signin(address(request), email, () =>
      accounts.signin(email, request.body.password),
    );
    // With two-step sign-in on, the password gives a challenge for the second step, not a session.
    if (developer.totp_enabled_at !== null)
      return { twoStep: true, challenge: await twoStep.challenge(developer) };
    const csrfToken = await sessions.start(request, reply, developer);
    return { developer: toDeveloper(developer), csrfToken };
  });

  app.post('/signin/code', { schema: { body: SecondStepBody } }, async (request, reply) => {
    await throttle.attempt('token', address(request));
    const developer = await twoStep.secondStep(request.body.challenge, request.body.code);
    const csrfToken = await sessions.start(request, reply, developer);
    return { developer: toDeveloper(developer), csrfToken };
  });

  app.post('/signout', async (request, reply) => {
    await sessions.end(request, reply);
    return reply.code(204).send();
  });

  app.post('/password/forgot', { schema: { body: EmailBody } }, async (request, reply) => {
    const email = requestEmail(request.body.email);
    await throttle.attempt('reset', address(request), email);
    // Answered before the link's work, which only a known address has: both answers take the same time.
    accounts.forgot(email);
    return reply.code(202).send({});
  });

  app.post('/password/reset', { schema: { body: ResetBody } }, async (request) => {
    await throttle.attempt('token', address(request));
    await accounts.reset(request.body.token, request.body.password);
    return {};
  });

  app.get('/me', async (request) => toDeveloper(sessions.required(request).developer));

  app.patch('/me', { schema: { body: MeUpdate } }, async (request) => {
    const { developer } = sessions.required(request);
    const { name, lang } = request.body;
    await developers.update(
      developer.id,
      { ...(name !== undefined && { name: requestName(name) }), ...(lang !== undefined && { lang }) },
      now(),
    );
    return toDeveloper((await developers.get(developer.id))!);
  });

  app.post('/me/email', { schema: { body: EmailChange } }, async (request, reply) => {
    const { developer } = sessions.required(request);
    const email = requestEmail(request.body.email);
    // Bounded per recipient: the link goes to an address the requester chooses.
    await throttle.attempt('email', address(request), email);
    await throttle.password(developer.id, () => accounts.checkPassword(developer, request.body.password));
    await accounts.changeEmail(developer, email);
    return reply.code(202).send({});
  });

  app.post('/me/password', { schema: { body: PasswordChange } }, async (request, reply) => {
    const { developer } = sessions.required(request);
    // Only this developer's own wrong passwords count here: others' guesses never lock the owner out.
    await throttle.password(developer.id, () =>
      accounts.changePassword(developer, request.body.current, request.body.password),
    );
    // Every session ended with the change; this browser goes on in a new one.
    return { csrfToken: await sessions.start(request, reply, developer) };
  });

  app.post('/me/close', { schema: { body: PasswordBody } }, async (request, reply) => {
    const { developer } = sessions.required(request);
    await throttle.password(developer.id, () => accounts.checkPassword(developer, request.body.password));
    // The account keeps its id (its subscriptions and usage refer to it); the person's data goes.
    await developers.close(developer.id, now());
    // Keys stop here at once, and on every other node when the notice reaches it (REDIS_URL).
    await gateway.subscriptionsChanged();
    await sessions.end(request, reply);
    return reply.code(204).send();
  });

  await app.register(keyCheckRoute, { gateway, now });
  await app.register(subscriptionRoutes, { store, gateway, sessions, accounts, now });
  await app.register(securityRoutes, { sessions, developers, twoStep, throttle, accounts, now });

  // Unknown portal paths answer in the portal's shape too.
  app.setNotFoundHandler((_request, reply) => sendPortalError(reply, new PortalError(404, 'not_found')));
};

export function sendPortalError(reply: FastifyReply, error: PortalError): FastifyReply {
  return reply
    .code(error.statusCode)
    .headers({ 'cache-control': 'no-store', ...error.headers })
    .send({ statusCode: error.statusCode, code: error.code, message: error.message });
}

function installPortalErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | PortalError, request, reply) => {
    if (error instanceof PortalError) return sendPortalError(reply, error);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendPortalError(reply, new PortalError(413, 'too_large'));
    const status = error.statusCode ?? 500;
    if (error.validation || (status >= 400 && status < 500))
      return sendPortalError(reply, new PortalError(status === 415 ? 415 : 400, 'bad_request'));
    // Anything else: the app's handler (503 for a database outage, 500 with the request id).
    throw error;
  });
}
