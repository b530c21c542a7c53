import type { MailLayout } from './layout.ts';

export interface PostfixLocal {
  layout: MailLayout;
  /** `<data dir>/services/postfix`: queue, data, log. */
  dir: string;
  smtpPort: number;
  lmtpPort: number;
  /** A milter (rspamd), `inet:127.0.0.1:11332` or `unix:/path`; empty for none. */
  milter: string;
}

/** A milter address Postfix accepts and nothing else (it lands in main.cf). */
export const MILTER =
  /^(?:inet:127\.0\.0\.1:[0-9]{1,5}|inet:\[::1\]:[0-9]{1,5}|unix:\/[A-Za-z0-9._/-]+)?$/;

/**
 * main.cf of the local Postfix: only virtual domains (no local delivery, no relaying), delivery
 * to Dovecot over LMTP on loopback, its log in a file (no syslog here).
 */
export function renderPostfixMain(c: PostfixLocal): string {
  const maps = c.layout.mapsDir;
  return [
    '# Written by Haven (platform/mail-server/postfix-conf.ts); changes are overwritten.',
    'compatibility_level = 3.6',
    `queue_directory = ${c.dir}/queue`,
    `data_directory = ${c.dir}/data`,
    `maillog_file = ${c.dir}/postfix.log`,
    `maillog_file_prefixes = ${c.dir}`,
    'inet_interfaces = 127.0.0.1',
    'inet_protocols = ipv4',
    'myhostname = mail.haven.localhost',
    'mydestination =',
    'relay_domains =',
    'mynetworks = 127.0.0.0/8',
    'alias_maps =',
    'alias_database =',
    'smtputf8_enable = no',
    'biff = no',
    `virtual_mailbox_domains = hash:${maps}/domains`,
    `virtual_mailbox_maps = hash:${maps}/mailboxes`,
    `virtual_alias_maps = hash:${maps}/aliases`,
    `virtual_transport = lmtp:inet:127.0.0.1:${c.lmtpPort}`,
    // Mailing list addresses go to Haven's list expander (docs/mail-lists.md).
    `transport_maps = hash:${maps}/transport`,
    'smtpd_recipient_restrictions = reject_unauth_destination',
    `smtpd_milters = ${c.milter}`,
    `non_smtpd_milters = ${c.milter}`,
    'milter_default_action = accept',
    '',
  ].join('\n');
}

/** master.cf: the SMTP listener on a loopback port and the daemons it needs, none chrooted. */
export function renderPostfixMaster(smtpPort: number): string {
  const unix = [
    ['pickup', 'n', '60', '1', 'pickup'],
    ['cleanup', 'n', '-', '0', 'cleanup'],
    ['qmgr', 'n', '300', '1', 'qmgr'],
    ['rewrite', '-', '-', '-', 'trivial-rewrite'],
    ['bounce', '-', '-', '0', 'bounce'],
    ['defer', '-', '-', '0', 'bounce'],
    ['trace', '-', '-', '0', 'bounce'],
    ['verify', '-', '-', '1', 'verify'],
    ['flush', 'n', '1000?', '0', 'flush'],
    ['proxymap', '-', '-', '-', 'proxymap'],
    ['smtp', '-', '-', '-', 'smtp'],
    ['relay', '-', '-', '-', 'smtp'],
    ['showq', 'n', '-', '-', 'showq'],
    ['error', '-', '-', '-', 'error'],
    ['retry', '-', '-', '-', 'error'],
    ['discard', '-', '-', '-', 'discard'],
    ['lmtp', '-', '-', '-', 'lmtp'],
    ['anvil', '-', '-', '1', 'anvil'],
    ['scache', '-', '-', '1', 'scache'],
  ];
  return [
    '# Written by Haven; changes are overwritten.',
    `127.0.0.1:${smtpPort} inet n - n - - smtpd`,
    ...unix.map(([name, priv, wake, limit, cmd]) =>
      [name, 'unix', priv, '-', 'n', wake, limit, cmd].join(' '),
    ),
    'postlog unix-dgram n - n - 1 postlogd',
    '',
  ].join('\n');
}
