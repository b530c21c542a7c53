import type { Difference } from '../../model/reconcile.ts';
import type { MailChange } from '../../platform/mail-server/mail-server.port.ts';

const FILES: Record<MailChange['file'], string> = {
  domains: 'Postfix domains',
  mailboxes: 'Postfix mailboxes',
  aliases: 'Postfix aliases',
  transport: 'Postfix transport',
  passwd: 'Dovecot passwd-file',
};

/** What `apply` rewrote, one line per domain: `mail of example.nl rewritten: Postfix aliases`. */
export function mailDifferences(changes: readonly MailChange[]): Difference[] {
  const byDomain = new Map<string, string[]>();
  for (const change of changes)
    for (const domain of change.domains)
      byDomain.set(domain, [...(byDomain.get(domain) ?? []), FILES[change.file]]);
  return [...byDomain].map(([domain, files]) => ({
    domain,
    area: 'mail',
    text: `mail of ${domain} rewritten: ${files.join(', ')}`,
  }));
}
