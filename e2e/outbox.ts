import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './env.ts';

/** The decoded text of the newest mail to `to` in the server's outbox (local mail profile). */
export function latestMailTo(to: string): string | undefined {
  const dir = join(E2E_DATA_DIR, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return undefined;
  }
  for (const file of files) {
    const raw = readFileSync(join(dir, file), 'utf8');
    const [head = '', ...rest] = raw.split('\r\n\r\n');
    if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(head))
      continue;
    const body = rest.join('\r\n\r\n');
    return /base64/i.test(head)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body;
  }
  return undefined;
}
