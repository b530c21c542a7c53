import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { checkAddress, checkDomain } from './mail-maps.ts';
import { MailServerError, type MailState } from './mail-server.port.ts';

/**
 * One domain's share of a node's mail state (`mail:<domain>`): its entry in the domains table
 * when its mail is on, its mailboxes (also when off: they stay readable), aliases and list routes.
 */
export type MailPart = MailState;

/** The object of a domain's mail part: by name, so a domain added again takes the same key. */
export const mailPartObject = (domain: string) => `mail:${domain.toLowerCase()}`;

/** What the node and the panel compare a part by (reconcile): the hash of its JSON as sent. */
export const partDigest = (part: MailPart) =>
  createHash('sha256').update(JSON.stringify(part)).digest('hex').slice(0, 32);

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/**
 * A part may only speak of its own domain: a call for one domain can never add or take away
 * another's lines. Throws `invalid` otherwise.
 */
export function checkPart(domain: string, part: MailPart): void {
  checkDomain(domain);
  const own = (what: string, d: string) => {
    if (d !== domain) throw new MailServerError('invalid', `${what} is not of ${domain}`);
  };
  for (const d of part.domains) own(d.domain, d.domain);
  for (const box of part.mailboxes) own(box.address, checkAddress(box.address).domain);
  for (const alias of part.aliases) own(alias.address, domainOf(alias.address));
  for (const route of part.listRoutes ?? []) own(route.address, domainOf(route.address));
}

/** Every part together, by domain name, as the whole-state apply takes it. */
export function mergeParts(parts: ReadonlyMap<string, MailPart>): MailState {
  const sorted = [...parts.keys()].sort().map((d) => parts.get(d) as MailPart);
  return {
    domains: sorted.flatMap((p) => p.domains),
    mailboxes: sorted.flatMap((p) => p.mailboxes),
    aliases: sorted.flatMap((p) => p.aliases),
    listRoutes: sorted.flatMap((p) => p.listRoutes ?? []),
  };
}

/** Nothing to serve: the node keeps no file for it. */
export const emptyPart = (part: MailPart | null): boolean =>
  !part ||
  (part.domains.length === 0 &&
    part.mailboxes.length === 0 &&
    part.aliases.length === 0 &&
    (part.listRoutes ?? []).length === 0);

/** The parts on the node's disk: one JSON file per domain, written atomically, 0600. */
export function partsFolder(dir: string) {
  const file = (domain: string) => join(dir, `${checkDomain(domain)}.json`);
  return {
    /** Null when the folder was never made (a node that kept only the whole maps before). */
    async load(): Promise<Map<string, MailPart> | null> {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!names) return null;
      const parts = new Map<string, MailPart>();
      for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
        const domain = name.slice(0, -'.json'.length);
        parts.set(domain, JSON.parse(await readFile(join(dir, name), 'utf8')) as MailPart);
      }
      return parts;
    },
    /**
     * The first parts of a node (seeded from its maps), written beside the folder and renamed
     * into place: a crash midway leaves no folder, never one with only some domains.
     */
    async create(parts: ReadonlyMap<string, MailPart>): Promise<void> {
      const next = `${dir}.next`;
      await rm(next, { recursive: true, force: true });
      await mkdir(next, { recursive: true, mode: 0o700 });
      for (const [domain, part] of parts)
        await writeFileAtomic(
          join(next, `${checkDomain(domain)}.json`),
          JSON.stringify(part),
          0o600,
        );
      await rename(next, dir);
    },
    async save(domain: string, part: MailPart | null): Promise<void> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (emptyPart(part)) await rm(file(domain), { force: true });
      else await writeFileAtomic(file(domain), JSON.stringify(part), 0o600);
    },
  };
}
export type PartsFolder = ReturnType<typeof partsFolder>;
