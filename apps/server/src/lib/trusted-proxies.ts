import { compile } from '@fastify/proxy-addr';
import { z } from 'zod';

/**
 * TRUST_PROXY: whose `X-Forwarded-For` the panel believes. Off (`false`, the default), `true`
 * for a proxy on this machine (loopback: operations.md's nginx), or a comma-separated list of the
 * proxies' addresses and ranges (`10.0.0.5`, `10.0.0.0/8`, `uniquelocal`). Only a request that
 * comes from a trusted proxy has its client address taken from the header, and only the address
 * that proxy added: trusting every hop (Fastify's `true`) let any client name its own address
 * and so step around the login lockout and the rate limits. The list is checked by the library
 * Fastify compiles it with, so a value that would fail there refuses to start here, by name.
 */
export const trustedProxies = z
  .string()
  .default('false')
  .transform((value, ctx): false | string[] => {
    const v = value.trim().toLowerCase();
    if (['0', 'false', 'no', ''].includes(v)) return false;
    if (['1', 'true', 'yes'].includes(v)) return ['loopback'];
    const entries = v.split(',').map((e) => e.trim());
    try {
      compile(entries);
      return entries;
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

/** Fastify's `trustProxy` answer: may the peer at `hop` (0: the connection's) name the next one. */
type TrustHop = (address: string | undefined, hop: number) => boolean;

/**
 * What the panel hands Fastify as `trustProxy`: the TRUST_PROXY list, and with PROXY_SOCKET the
 * proxy socket's peer too. A connection through that Unix socket has no address; only a process
 * allowed to open the socket (nginx, by its group) can make one, so its header is believed,
 * while the same header over TCP (a website's PHP connecting to the panel's port) is not.
 */
export function proxyTrust(list: false | string[], socket: boolean): false | string[] | TrustHop {
  if (!socket) return list;
  const trusted = list ? compile(list) : () => false;
  return (address, hop) => (address === undefined ? hop === 0 : trusted(address, hop));
}
