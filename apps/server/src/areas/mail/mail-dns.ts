import type { mail } from '@haven/contract';
import { isAppError } from '../../lib/app-error.ts';
import type { MailRecordState, ZoneDefaults } from '../../model/mail-zone.ts';
import type { DomainRef } from '../../model/principal.ts';
import { fail } from './mail.errors.ts';
import type { MailDeps } from './mail-apply.ts';

const ORDER = ['mx', 'spf', 'dkim', 'dmarc'];
const sorted = (records: MailRecordState[]) =>
  records.sort((a, b) => ORDER.indexOf(a.purpose) - ORDER.indexOf(b.purpose));

/** Whether the domain receives mail: the plan has it and the customer has not turned it off. */
async function mailOn(deps: MailDeps, domain: DomainRef): Promise<boolean> {
  const row = await deps.store.domainSettings(domain.id);
  return domain.mailActive && (row?.active ?? 1) === 1;
}

/** MX, SPF, DKIM and DMARC as the domain's zone serves them; `unknown` when it cannot be read. */
export async function mailDnsStates(
  deps: MailDeps,
  domain: DomainRef,
): Promise<mail.MailDnsRecord[]> {
  const own = await deps.ownRecords(domain).catch(() => []);
  try {
    if (deps.mailZone) return sorted(await deps.mailZone.check(domain, own));
  } catch (err) {
    deps.logger.warn({ err, domain: domain.name }, 'mail: the zone could not be checked');
  }
  return own.map((r) => ({ ...r, type: 'TXT', priority: null, state: 'unknown', found: [] }));
}

/**
 * The settings screen's "put the missing records in place": MX and SPF from the provider's
 * defaults, DKIM and DMARC of mail's own, each only where the zone has nothing in its place.
 */
export async function completeMailDns(
  deps: MailDeps,
  domain: DomainRef,
): Promise<mail.MailDnsResult> {
  if (!deps.mailZone) throw fail('unavailable', 'unavailable');
  try {
    const own = await deps.ownRecords(domain);
    const { added, records } = await deps.mailZone.complete(domain, own, { provider: true });
    return { added, dns: sorted(records) };
  } catch (err) {
    deps.logger.warn({ err, domain: domain.name }, 'mail: DNS records not put in place');
    // The DNS area's own refusals (a rule of the zone) are one code here: the zone said no.
    if (isAppError(err) && err.kind !== 'unavailable')
      throw fail('dns_refused', 'conflict', undefined, { cause: err });
    throw fail('unavailable', 'unavailable', undefined, { cause: err });
  }
}

/**
 * Adds mail's own records (DKIM, DMARC) where the zone has nothing in their place, so a
 * customer's own DMARC policy is never doubled. A DNS that cannot be reached is logged, not fatal.
 */
export async function ensureDns(deps: MailDeps, domain: DomainRef): Promise<void> {
  if (!deps.mailZone) return;
  try {
    await deps.mailZone.complete(domain, await deps.ownRecords(domain), { provider: false });
  } catch (error) {
    deps.logger.warn({ err: error, domain: domain.name }, 'mail: DNS records not ensured');
  }
}

/** Mail's DKIM and DMARC belong to the zone's defaults while the domain's mail is on. */
export function mailZoneDefaults(deps: MailDeps): ZoneDefaults {
  return async (domain) =>
    (await mailOn(deps, domain))
      ? (await deps.ownRecords(domain)).map((r) => ({
          type: 'TXT' as const,
          host: r.host,
          value: r.value,
        }))
      : [];
}
