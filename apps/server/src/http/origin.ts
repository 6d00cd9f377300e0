import type { FastifyRequest } from 'fastify';

/** The origin the request came to (the shop's own domain), for links in e-mails. */
export function requestOrigin(request: FastifyRequest): string {
  const host = (request.headers['x-forwarded-host'] as string | undefined) ?? request.headers.host ?? 'localhost';
  const proto = (request.headers['x-forwarded-proto'] as string | undefined) ?? request.protocol;
  return `${proto}://${host}`;
}
