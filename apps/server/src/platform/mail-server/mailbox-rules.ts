import { chown, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { renderMailboxSieve, type MailboxRules } from '../sieve/sieve-render.ts';
import { SieveRejectedError, writeMailboxSieve } from '../sieve/sieve-writer.ts';
import type { MailLayout } from './layout.ts';
import { checkAddress } from './mail-maps.ts';
import { MailServerError } from './mail-server.port.ts';
import { vmailIds } from './vmail.ts';

/** A mailbox's own rules (autoresponder, spam move) as the mail server runs them (Sieve). */
export interface MailboxRulesWriter {
  /**
   * Renders and compiles the mailbox's script, then replaces its active one. A script the
   * compiler refuses throws `check_failed` and the old script stays.
   */
  write(address: string, rules: MailboxRules): Promise<void>;
}

/** Pigeonhole scripts in each home (`<mail root>/<domain>/<local>/sieve/active.sieve`). */
export function sieveMailboxRules(layout: MailLayout): MailboxRulesWriter {
  return {
    async write(address, rules) {
      const { local, domain } = checkAddress(address);
      const home = join(layout.mailRoot, domain, local);
      const owner = process.getuid?.() === 0 ? await vmailIds(layout.vmailUser) : undefined;
      // The home is Dovecot's to fill (Maildir): made here first, it must still be the mail account's.
      for (const dir of [join(layout.mailRoot, domain), home]) {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        if (owner) await chown(dir, owner.uid, owner.gid);
      }
      try {
        await writeMailboxSieve(home, renderMailboxSieve(rules), owner ? { owner } : {});
      } catch (error) {
        if (error instanceof SieveRejectedError)
          throw new MailServerError('check_failed', error.message, { cause: error });
        throw new MailServerError('failed', `sieve for ${address}`, { cause: error });
      }
    },
  };
}
