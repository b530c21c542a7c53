import type { FastifyRequest } from 'fastify';

/**
 * The client's address as the panel records and limits it. Fastify's `request.ip`, which is
 * undefined for a connection through the proxy socket that carries no X-Forwarded-For (a
 * process on the node, not a client nginx forwarded): it counts as `local`.
 */
export function clientAddress(request: FastifyRequest): string {
  const ip: string | undefined = request.ip; // typed string, but not for a Unix socket
  return ip ?? 'local';
}
