import { SIEVE_EXTRA_EXTENSIONS } from '../sieve/sieve-writer.ts';
import type { MailLayout } from './layout.ts';

export interface DovecotLocal {
  layout: MailLayout;
  /** `<data dir>/services/dovecot`: base_dir, state, log. */
  dir: string;
  imapPort: number;
  lmtpPort: number;
  /** Postfix's SMTP port: Sieve's vacation replies and redirects are sent through it. */
  submissionPort?: number;
  uid: number;
  gid: number;
  /** The unprivileged accounts Dovecot's own processes run as (root: dovecot/dovenull). */
  internalUser: string;
  loginUser: string;
}

/**
 * dovecot.conf of the local Dovecot: IMAP and LMTP on loopback, no TLS (loopback only), the
 * passwd-file Haven writes, the webmail's master user (`address*haven`, `webmail-master.ts`; the
 * mailbox must exist in the passwd-file too), quota, and Pigeonhole sieve at LMTP delivery with each home's
 * `sieve/active.sieve` (rendered by the mail area's autoresponder and spam settings).
 */
export function renderDovecotConf(c: DovecotLocal): string {
  const passwd = c.layout.passwdFile;
  return `# Written by Haven (platform/mail-server/dovecot-conf.ts); changes are overwritten.
protocols = imap lmtp
listen = 127.0.0.1
base_dir = ${c.dir}/run
state_dir = ${c.dir}/state
log_path = ${c.dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
mail_uid = ${c.uid}
mail_gid = ${c.gid}
first_valid_uid = ${c.uid}
last_valid_uid = ${c.uid}
first_valid_gid = ${c.gid}
last_valid_gid = ${c.gid}
mail_plugins = quota
default_internal_user = ${c.internalUser}
default_login_user = ${c.loginUser}
auth_master_user_separator = *
passdb {
  driver = passwd-file
  master = yes
  pass = yes
  args = scheme=ARGON2ID ${c.layout.masterPasswdFile}
}
passdb {
  driver = passwd-file
  args = scheme=ARGON2ID username_format=%Lu ${passwd}
}
userdb {
  driver = passwd-file
  args = username_format=%Lu ${passwd}
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${c.imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${c.lmtpPort}
  }
  # Root's only (Dovecot's default is 0666): a site's PHP must not deliver past Postfix.
  unix_listener lmtp {
    mode = 0600
  }
}
# Root's only: the lookups run before imap and lmtp drop to the mail account, and no local
# account may list the mailboxes or reach the indexer.
service auth {
  unix_listener auth-userdb {
    mode = 0600
  }
}
service indexer {
  unix_listener indexer {
    mode = 0600
  }
}
service imap-urlauth-login {
  unix_listener imap-urlauth {
    mode = 0600
  }
}
service dns-client {
  unix_listener dns-client {
    mode = 0600
  }
}
${c.submissionPort ? `submission_host = 127.0.0.1:${c.submissionPort}\n` : ''}protocol lmtp {
  mail_plugins = $mail_plugins sieve
  postmaster_address = postmaster@mail.haven.localhost
}
plugin {
  quota = maildir:User quota
  sieve = file:~/sieve;active=~/sieve/active.sieve
  # An autoresponder may answer one address up to 24 times a day (vacation :seconds, 1 h apart).
  sieve_extensions = ${SIEVE_EXTRA_EXTENSIONS}
  sieve_vacation_min_period = 1h
}
`;
}
