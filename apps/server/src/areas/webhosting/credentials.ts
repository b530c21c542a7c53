import bcrypt from 'bcryptjs';
import { passwordProblems, type PasswordRule } from '@haven/contract';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * Service credentials in the formats the services read: argon2id for pure-ftpd (it verifies
 * `$argon2id$` through libsodium), bcrypt for nginx's auth_basic (crypt(3) knows `$2b$`).
 */
export const ftpHash = (password: string) => hashPassword(password);
export const htpasswdHash = (password: string) => bcrypt.hash(password, 10);

/** The specs' FTP/service text: 12-32, a letter, a digit, a special character. */
export function serviceProblems(password: string | undefined, username: string): PasswordRule[] {
  return passwordProblems(password ?? '', { username, variant: 'service' });
}
