import type { FastifyInstance } from 'fastify';
import { isApiPath, routeAccess } from './access';

/**
 * `Cache-Control: no-store` on private answers: every /api answer to a request that carries a session
 * (an Authorization header, valid or not) or of a route that is not public (its 401 and 403 included),
 * so no browser or shared cache keeps a person's data. A route that sets its own Cache-Control keeps it.
 */
export function registerPrivateNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApiPath(request.url) || reply.hasHeader('cache-control')) return payload;
    const rule = routeAccess(request);
    if (request.headers.authorization !== undefined || (rule && rule.kind !== 'public')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
