import type { MailOwnRecord } from '../../model/mail-zone.ts';
import type { DomainRef } from '../../model/principal.ts';
import { dkimRecordHost, dmarcValue } from '../../platform/mail-filter/mail-dns.ts';
import type { MailPorts } from './mail-ports.ts';

/** DKIM values kept on the panel (about 0.5 kB each): every DNS list of a mail domain shows one. */
const KEPT = 10_000;

/**
 * Mail's own DNS records of a domain: the DKIM key's TXT (the key is made on the domain's node,
 * where rspamd signs with it) and DMARC. A key is never replaced, so its value is kept here after
 * the first answer and DNS screens do not ask the node again.
 */
export function mailOwnRecords(dkim: MailPorts['dkim']) {
  const known = new Map<string, { selector: string; txt: string }>();
  return async (domain: DomainRef): Promise<MailOwnRecord[]> => {
    const id = `${domain.node}\n${domain.name.toLowerCase()}`;
    let key = known.get(id);
    if (!key) {
      const made = await dkim(domain.node).key(domain.name);
      key = { selector: made.selector, txt: made.txt };
      if (known.size >= KEPT) known.delete(known.keys().next().value ?? '');
      known.set(id, key);
    }
    return [
      { purpose: 'dkim', host: dkimRecordHost(key.selector), value: key.txt },
      { purpose: 'dmarc', host: '_dmarc', value: dmarcValue(domain.name) },
    ];
  };
}
