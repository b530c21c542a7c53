import { MailServerError, type MailState } from './mail-server.port.ts';

/**
 * What may reach a Postfix map, the Dovecot passwd file and a path: a narrower set than RFC 5321
 * (no quotes, spaces, `/`, `:`, `,`, unicode or consecutive dots), so no value can split a line,
 * a field, a list or a path.
 */
const LOCAL = /^[a-z0-9](?:[a-z0-9_+-]|\.(?!\.))*$/;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;
const PHC = /^\$argon2id\$v=19\$m=[0-9]+,t=[0-9]+,p=[0-9]+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/**
 * An alias or a delivery target: RFC 5322 dot-atom characters (the specs' alias rule), but never
 * a leading `#` (Postfix would read the line as a comment) nor whitespace, `,`, `:` or quotes.
 */
const ATEXT = /^(?!#)[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** Checks an alias or target address (any domain); throws `invalid` otherwise. */
export function checkMapAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  if (
    at < 1 ||
    Buffer.byteLength(local) > 64 ||
    !ATEXT.test(local) ||
    !DOMAIN.test(address.slice(at + 1))
  )
    throw new MailServerError('invalid', `not a mail address Haven can map: ${address}`);
  return address;
}

export function checkDomain(domain: string): string {
  if (!DOMAIN.test(domain)) throw new MailServerError('invalid', `not a mail domain: ${domain}`);
  return domain;
}

/** Splits a checked `local@domain`; throws `invalid` for anything else. */
export function checkAddress(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (
    at < 1 ||
    Buffer.byteLength(local) > 64 ||
    !LOCAL.test(local) ||
    local.endsWith('.') ||
    !DOMAIN.test(domain)
  )
    throw new MailServerError('invalid', `not a mail address Haven serves: ${address}`);
  return { local, domain };
}

export interface RenderedMaps {
  domains: string;
  mailboxes: string;
  aliases: string;
  transport: string;
}

/** The only transports a list route may name: LMTP or SMTP to a loopback port. */
const TRANSPORT = /^(?:lmtp|smtp):inet:(?:127\.0\.0\.1|\[127\.0\.0\.1\]):[0-9]{1,5}$/;

/**
 * The three Postfix lookup tables. Every mailbox maps to itself in the alias table, because a
 * catch-all (`@domain`) there would otherwise also take the mail of existing mailboxes.
 */
export function renderMaps(state: MailState): RenderedMaps {
  const domains = state.domains.map((d) => `${checkDomain(d.domain)} OK`);
  const mailboxes: string[] = [];
  const aliases: string[] = [];
  for (const box of state.mailboxes) {
    checkAddress(box.address);
    mailboxes.push(`${box.address} OK`);
    const targets = [box.address, ...box.forwardTo.map(target)];
    aliases.push(`${box.address} ${targets.join(',')}`);
  }
  for (const alias of state.aliases) {
    checkMapAddress(alias.address);
    if (alias.targets.length === 0) continue;
    aliases.push(`${alias.address} ${alias.targets.map(target).join(',')}`);
  }
  // A list's address maps to itself (valid recipient, not the catch-all's); transport routes it.
  const transport: string[] = [];
  for (const route of state.listRoutes ?? []) {
    checkAddress(route.address);
    if (!TRANSPORT.test(route.transport))
      throw new MailServerError('invalid', `not a list transport: ${route.transport}`);
    aliases.push(`${route.address} ${route.address}`);
    transport.push(`${route.address} ${route.transport}`);
  }
  for (const d of state.domains) if (d.catchAll) aliases.push(`@${d.domain} ${target(d.catchAll)}`);
  const text = (lines: string[]) => (lines.length ? `${lines.join('\n')}\n` : '');
  return {
    domains: text(domains),
    mailboxes: text(mailboxes),
    aliases: text(aliases),
    transport: text(transport),
  };
}

/** A delivery target may be any domain's address, but must be as safe as ours. */
function target(address: string): string {
  return checkMapAddress(address);
}

export interface PasswdLayout {
  mailRoot: string;
  uid: number;
  gid: number;
}

/** The Dovecot passwd-file: `user:{ARGON2ID}hash:uid:gid::home::extra`, quota as a userdb field. */
export function renderPasswd(state: MailState, layout: PasswdLayout): string {
  const lines = state.mailboxes.map((box) => {
    const { local, domain } = checkAddress(box.address);
    if (!PHC.test(box.passwordHash))
      throw new MailServerError('invalid', `not an argon2id hash for ${box.address}`);
    const quota = Number.isSafeInteger(box.quotaMb) && box.quotaMb > 0 ? box.quotaMb : 0;
    const extra = quota ? `userdb_quota_rule=*:storage=${quota}M` : '';
    const home = `${layout.mailRoot}/${domain}/${local}`;
    return `${box.address}:{ARGON2ID}${box.passwordHash}:${layout.uid}:${layout.gid}::${home}::${extra}`;
  });
  return lines.length ? `${lines.join('\n')}\n` : '';
}
