import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/errors.js';
import type { AdminTokenRepository } from '../store/admin-token-repo.js';

export const ADMIN_MESSAGES = {
  missing: 'Access denied due to missing admin token. Send it as Authorization: Bearer <token>.',
  invalid: 'Access denied due to invalid admin token.',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    adminToken?: { id: number; name: string };
  }
}

/**
 * Admin routes accept only an admin token in `Authorization: Bearer`; a subscription key (in any
 * header or the query) opens nothing here.
 */
export function installAdminAuth(app: FastifyInstance, tokens: AdminTokenRepository): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new ApiError(401, ADMIN_MESSAGES.missing);
    const token = match[1]!;
    const found = token.length <= 200 ? await tokens.verify(token) : undefined;
    if (!found) throw new ApiError(401, ADMIN_MESSAGES.invalid);
    request.adminToken = found;
  });
}
