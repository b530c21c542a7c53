import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { randomToken } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { MailLayout } from './layout.ts';
import { passwdOwner } from './vmail.ts';

/** The master user's name: the webmail logs in as `<address>*haven`. */
export const WEBMAIL_MASTER_USER = 'haven';

/**
 * The webmail's Dovecot master user: a random password kept in `secretFile` (0600, made once;
 * the webmail plugin's config gets it) and its argon2id hash as the one line of Dovecot's
 * master passwd-file (0640 root:dovecot). Dovecot re-reads the file when it changes.
 */
export async function ensureWebmailMaster(
  layout: MailLayout,
  secretFile: string,
): Promise<{ user: string; password: string }> {
  let password = (await readFile(secretFile, 'utf8').catch(() => '')).trim();
  if (!password) {
    await mkdir(dirname(secretFile), { recursive: true, mode: 0o700 });
    password = randomToken(32);
    await writeFile(secretFile, password, { mode: 0o600, flag: 'w' });
  }
  const current = await readFile(layout.masterPasswdFile, 'utf8').catch(() => '');
  const line = current.split('\n').find((l) => l.startsWith(`${WEBMAIL_MASTER_USER}:`));
  // A new hash only when there is none: argon2 salts differ, so comparing text would always differ.
  if (!line) {
    const hash = await hashPassword(password);
    await writeFileAtomic(
      layout.masterPasswdFile,
      `${WEBMAIL_MASTER_USER}:{ARGON2ID}${hash}\n`,
      0o640,
      await passwdOwner(),
    );
  }
  return { user: WEBMAIL_MASTER_USER, password };
}
