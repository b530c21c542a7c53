import { createHash, randomBytes } from 'node:crypto';
import { FILEMANAGER_LIMITS } from '@haven/contract';
import { fail } from './filemanager.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileResult } from '../../model/files.ts';
import type { DomainRef, Principal } from '../../model/principal.ts';
import type { Files, FilesDomain } from './domain-files.ts';
import type { FilemanagerStore } from './filemanager.store.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const ticketInvalid = () => fail('ticket_invalid', 'not_found');

export interface DomainLookup {
  domainById(
    id: number,
  ): Promise<{ id: number; name: string; disk_quota_mb: number; node: string | null } | undefined>;
}

/**
 * Files leave as attachments (application/octet-stream, nosniff, set by the HTTP layer), so an
 * uploaded .html or .svg is never rendered in the panel's origin. Plain links use single-use
 * tickets that live a minute: the long-lived token never appears in a URL.
 */
export function createDownloads(
  files: Files,
  store: FilemanagerStore,
  domains: DomainLookup,
  clock: Clock,
) {
  async function open(domain: FilesDomain, path: string): Promise<FileResult> {
    const file = await files.on(domain).openRead(domain.name, path);
    return {
      stream: file.stream,
      filename: file.name,
      contentType: 'application/octet-stream',
      size: file.size,
    };
  }

  return {
    open,

    async ticket(
      domain: DomainRef,
      principal: Principal,
      path: string,
    ): Promise<{ ticket: string; expires_in: number }> {
      const file = await files.file(domain, path);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await store.purgeTickets(now - 3_600_000);
      await store.addTicket({
        token_hash: hash(token),
        domain_id: domain.id,
        identity_id: principal.identityId,
        path: file.path,
        expires_at: now + FILEMANAGER_LIMITS.ticketSeconds * 1000,
        used_at: null,
      });
      return { ticket: token, expires_in: FILEMANAGER_LIMITS.ticketSeconds };
    },

    async byTicket(domainName: string, token: string): Promise<FileResult> {
      const row = await store.consumeTicket(hash(token), clock.now());
      if (!row) throw ticketInvalid();
      const domain = await domains.domainById(row.domain_id);
      if (domain?.name !== domainName.toLowerCase()) throw ticketInvalid();
      return open({ name: domain.name, node: domain.node ?? LOCAL_NODE }, row.path);
    },
  };
}
export type Downloads = ReturnType<typeof createDownloads>;
