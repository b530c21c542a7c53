import type { DomainDiskUsage } from '../../model/disk-usage.ts';
import type { MailboxUsage } from '../../model/mailbox-usage.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { Files } from './domain-files.ts';

/** A measurement's parts (without the sum, the limit and the time). */
export type DiskParts = Omit<DomainDiskUsage, 'used' | 'limit' | 'measured_at'>;

/** What the measurement needs of other areas, wired in areas/registry.ts. */
export interface DiskMeterNeeds {
  /** MariaDB's own figure for the domain's databases (the databases area); null: unreachable. */
  databaseBytes: (domainId: number) => Promise<number | null>;
  /** The mail area's mailboxes. */
  mailboxes: MailboxUsage;
}

/** The sum the plan's disk space is held against. */
export const partsSum = (p: DiskParts): number =>
  p.httpdocs + p.httpsdocs + p.subdomains + p.other_files + (p.databases ?? 0) + p.mailboxes;

/**
 * Measures everything a domain keeps on the server: one walk of the home and the trash (the
 * webspace-files port), its databases and its mailboxes.
 */
export function createDiskMeter(files: Files, needs: DiskMeterNeeds) {
  return async (domain: Pick<DomainRef, 'id' | 'name' | 'node'>): Promise<DiskParts> => {
    const [usage, databases, mailboxes] = await Promise.all([
      files.on(domain).usage(domain.name),
      needs.databaseBytes(domain.id),
      needs.mailboxes.total(domain.id),
    ]);
    const folder = (name: string) => usage.folders[name] ?? 0;
    const web = folder('httpdocs') + folder('httpsdocs') + folder('subdomains');
    return {
      httpdocs: folder('httpdocs'),
      httpsdocs: folder('httpsdocs'),
      subdomains: folder('subdomains'),
      other_files: usage.home - web + usage.trash,
      databases,
      mailboxes,
    };
  };
}
export type DiskMeter = ReturnType<typeof createDiskMeter>;
