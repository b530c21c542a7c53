import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges (Fastify's `trustProxy` takes them). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix range, or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // proxy-addr refuses a prefix of 0 (every address) as Fastify compiles the list.
  return (
    /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128)
  );
}

/**
 * TRUST_PROXY: whose `X-Forwarded-For` the panel believes. Off (`false`, the default), `true`
 * for a proxy on this machine (loopback: operations.md's nginx), or a comma-separated list of the
 * proxies' addresses and ranges (`10.0.0.5`, `10.0.0.0/8`, `uniquelocal`). Only a request that
 * comes from a trusted proxy has its client address taken from the header, and only the address
 * that proxy added: trusting every hop (Fastify's `true`) let any client name its own address
 * and so step around the login lockout and the rate limits.
 */
export const trustedProxies = z
  .string()
  .default('false')
  .transform((value, ctx): false | string[] => {
    const v = value.trim().toLowerCase();
    if (['0', 'false', 'no', ''].includes(v)) return false;
    if (['1', 'true', 'yes'].includes(v)) return ['loopback'];
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `not an address, range or loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
    });
    return z.NEVER;
  });
