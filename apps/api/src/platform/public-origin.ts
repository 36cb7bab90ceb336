import type { FastifyRequest } from 'fastify';

/** Where links in messages point: PUBLIC_URL when set, else the address the request came to. */
export const publicOrigin = (request: FastifyRequest, publicUrl: string | undefined): string =>
  publicUrl ?? `${request.protocol}://${request.host}`;
