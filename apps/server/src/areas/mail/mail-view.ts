import type { mail } from '@haven/contract';
import {
  AUTORESPONDER_DEFAULTS,
  SPAMFILTER_DEFAULTS,
  autoresponder,
  spamfilter,
} from '@haven/contract/mail-rules';
import type { DomainRef } from '../../model/principal.ts';
import type { MailDeps } from './mail-apply.ts';
import { parseList } from './mail-state.ts';
import type { AccountRow } from './mail.store.ts';

/** Stored JSON read back through the contract's schema; a damaged value falls back to defaults. */
export function readRules(row: AccountRow) {
  const auto = autoresponder.safeParse(JSON.parse(row.autoresponder ?? 'null'));
  const spam = spamfilter.safeParse(JSON.parse(row.spamfilter ?? 'null'));
  return {
    autoresponder: auto.success ? auto.data : AUTORESPONDER_DEFAULTS,
    spamfilter: spam.success ? spam.data : SPAMFILTER_DEFAULTS,
  };
}

/** What the screens see of accounts (usage from the real Maildirs on the domain's node). */
export function accountView(deps: Pick<MailDeps, 'store' | 'server'>) {
  const { store, server } = deps;
  const aliasesOf = async (domainId: number) => {
    const map = new Map<number, string[]>();
    for (const a of await store.aliases(domainId))
      map.set(a.account_id, [...(map.get(a.account_id) ?? []), a.name]);
    return map;
  };
  const usage = async (domain: DomainRef, addresses: string[]) =>
    addresses.length
      ? await server(domain.node)
          .usage(addresses)
          .catch(() => new Map<string, number>())
      : new Map<string, number>();

  return {
    async summaries(domain: DomainRef, rows: AccountRow[]): Promise<mail.MailAccountSummary[]> {
      const aliases = await aliasesOf(domain.id);
      const address = (r: AccountRow) => `${r.name}@${domain.name}`;
      const sizes = await usage(domain, rows.filter((r) => r.type === 'address').map(address));
      return rows.map((r) => ({
        name: r.name,
        type: r.type,
        address: address(r),
        alias: aliases.get(r.id) ?? [],
        targets: parseList(r.targets),
        mailbox:
          r.type === 'address' ? { usage: sizes.get(address(r)) ?? 0, quota: r.quota_mb } : null,
      }));
    },

    async address(domain: DomainRef, row: AccountRow): Promise<mail.MailAddressDetail> {
      const address = `${row.name}@${domain.name}`;
      const sizes = await usage(domain, [address]);
      return {
        name: row.name,
        address,
        forwarding: { address: parseList(row.targets) },
        alias: (await aliasesOf(domain.id)).get(row.id) ?? [],
        quota: row.quota_mb,
        usage: sizes.get(address) ?? 0,
        ...readRules(row),
      };
    },

    async group(domain: DomainRef, row: AccountRow): Promise<mail.MailGroupDetail> {
      return {
        name: row.name,
        address: `${row.name}@${domain.name}`,
        alias: (await aliasesOf(domain.id)).get(row.id) ?? [],
        members: parseList(row.targets),
      };
    },
  };
}
