import { isDomainName } from '@haven/contract';
import type { AppContext } from '../compose.ts';
import { toDomainRef } from '../customers/customers.store.ts';
import { UsageError } from './args.ts';

/** More than this many name servers is a typo, not a delegation. */
const MAX_NAMESERVERS = 13;

/** `ns1.example.net,ns2.example.net` -> checked, lower-cased host names (the contract's domain rule). */
export function parseNameservers(value: string): string[] {
  const hosts = value
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/\.$/, ''))
    .filter((h) => h !== '');
  if (hosts.length === 0)
    throw new UsageError(
      '--set takes name servers separated by commas: ns1.example.net,ns2.example.net',
    );
  if (hosts.length > MAX_NAMESERVERS)
    throw new UsageError(`--set takes at most ${MAX_NAMESERVERS} name servers`);
  const bad = hosts.find((h) => !isDomainName(h));
  if (bad !== undefined) throw new UsageError(`--set: "${bad}" is not a host name`);
  if (new Set(hosts).size !== hosts.length) throw new UsageError('--set names a name server twice');
  return hosts;
}

/**
 * Marks a domain as delegated to external name servers (`ns_remote`: the DNS screen then shows
 * the specs' notice), or clears it with `null`.
 */
export async function setNameservers(
  ctx: AppContext,
  domain: string,
  hosts: readonly string[] | null,
): Promise<void> {
  const row = await ctx.customers.domainByName(domain.toLowerCase());
  if (!row) throw new UsageError(`unknown domain: ${domain}`);
  await ctx.operatorTools.setNameservers(toDomainRef(row), hosts);
}
