import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The token signing secret: HAVEN_SECRET when set, else a random one kept in the data dir
 * (mode 0600) so tokens survive a restart. Several instances must share HAVEN_SECRET.
 */
export function loadSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
