import { join } from 'node:path';

/** Where the mail services' files live; the Postfix and Dovecot modules and the adapter share it. */
export interface MailLayout {
  /** Postfix config dir (main.cf, master.cf): `postfix -c`, `postmap -c`. */
  postfixDir: string;
  /** Dovecot's dovecot.conf. */
  dovecotConf: string;
  /** Postfix lookup tables (domains, mailboxes, aliases and their .db). */
  mapsDir: string;
  /** Dovecot passwd-file (passdb and userdb). */
  passwdFile: string;
  /** Dovecot's master passdb: the webmail's sign-on user (`address*haven`); empty: none. */
  masterPasswdFile: string;
  /** Homes: `<mailRoot>/<domain>/<local>/` holding `Maildir/` and `sieve/active.sieve`. */
  mailRoot: string;
  /** The account that owns the Maildirs (Dovecot's mail_uid), by name. */
  vmailUser: string;
  /**
   * Each domain's last mail state as the panel sent it (`<domain>.json`, 0600: it holds the
   * password hashes), merged into the maps and the passwd-file on every change.
   */
  partsDir: string;
}

/** Local profile: everything under the data dir; the services run under Haven's supervisor. */
export function localMailLayout(dataDir: string): MailLayout {
  const services = join(dataDir, 'services');
  return {
    postfixDir: join(services, 'postfix', 'etc'),
    dovecotConf: join(services, 'dovecot', 'dovecot.conf'),
    mapsDir: join(dataDir, 'mail', 'maps'),
    passwdFile: join(dataDir, 'mail', 'passwd'),
    masterPasswdFile: join(dataDir, 'mail', 'masters'),
    mailRoot: join(dataDir, 'mail', 'boxes'),
    vmailUser: 'mail',
    partsDir: join(dataDir, 'mail', 'parts'),
  };
}

/** Debian profile: the system's Postfix and Dovecot (docs/mail.md: the two include lines). */
export function debianMailLayout(): MailLayout {
  return {
    postfixDir: '/etc/postfix',
    dovecotConf: '/etc/dovecot/dovecot.conf',
    mapsDir: '/etc/postfix/haven',
    passwdFile: '/etc/dovecot/haven.passwd',
    masterPasswdFile: '/etc/dovecot/haven.masters',
    mailRoot: '/var/mail/haven',
    vmailUser: 'mail',
    partsDir: '/var/lib/haven/mail-parts',
  };
}
