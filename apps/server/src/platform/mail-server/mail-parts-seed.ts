import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailLayout } from './layout.ts';
import { renderMaps } from './mail-maps.ts';
import { mergeParts, type MailPart } from './mail-parts.ts';
import type { AliasEntry, ListRoute, MailboxEntry } from './mail-server.port.ts';

const lines = (text: string | null) => (text ?? '').split('\n').filter((l) => l.length > 0);
const read = (path: string) => readFile(path, 'utf8').catch(() => null);
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);
const split = (line: string) => {
  const at = line.indexOf(' ');
  return [line.slice(0, at), line.slice(at + 1)] as const;
};

/**
 * The parts of a node that kept only the whole maps and passwd-file (before parts existed), read
 * back from those files, so its first per-domain change keeps every other domain's mail. Answers
 * the parts and whether rendering them gives the live maps' lines again (else `haven reconcile`
 * sends every part from SQL).
 */
export async function seedParts(
  layout: MailLayout,
): Promise<{ parts: Map<string, MailPart>; exact: boolean }> {
  const maps = join.bind(null, layout.mapsDir);
  const [domains, aliases, transport, passwd] = await Promise.all([
    read(maps('domains')),
    read(maps('aliases')),
    read(maps('transport')),
    read(layout.passwdFile),
  ]);
  const parts = new Map<string, MailPart>();
  const part = (domain: string) => {
    let p = parts.get(domain);
    if (!p) parts.set(domain, (p = { domains: [], mailboxes: [], aliases: [], listRoutes: [] }));
    return p as MailPart & {
      domains: { domain: string; catchAll: string | null }[];
      mailboxes: MailboxEntry[];
      aliases: AliasEntry[];
      listRoutes: ListRoute[];
    };
  };
  const boxes = new Map<string, MailboxEntry & { forwardTo: string[] }>();
  for (const line of lines(passwd)) {
    const [address = '', password = '', , , , , , ...extra] = line.split(':');
    const quota = /storage=([0-9]+)M/.exec(extra.join(':'));
    const box = {
      address,
      passwordHash: password.replace(/^\{ARGON2ID\}/, ''),
      quotaMb: quota ? Number(quota[1]) : 0,
      forwardTo: [] as string[],
    };
    boxes.set(address, box);
    part(domainOf(address)).mailboxes.push(box);
  }
  const routes = new Map(lines(transport).map(split));
  for (const [address, route] of routes)
    part(domainOf(address)).listRoutes.push({ address, transport: route });
  const catchAll = new Map<string, string>();
  for (const [key, value] of lines(aliases).map(split)) {
    const targets = value.split(',');
    const box = boxes.get(key);
    if (key.startsWith('@')) catchAll.set(key.slice(1), value);
    else if (box) box.forwardTo = targets.slice(1);
    else if (!routes.has(key)) part(domainOf(key)).aliases.push({ address: key, targets });
  }
  for (const [domain] of lines(domains).map(split))
    part(domain).domains.push({ domain, catchAll: catchAll.get(domain) ?? null });
  const rendered = renderMaps(mergeParts(parts));
  const same = (live: string | null, next: string) =>
    [...new Set(lines(live))].sort().join('\n') === [...new Set(lines(next))].sort().join('\n');
  const exact =
    same(domains, rendered.domains) &&
    same(aliases, rendered.aliases) &&
    same(transport, rendered.transport);
  return { parts, exact };
}
