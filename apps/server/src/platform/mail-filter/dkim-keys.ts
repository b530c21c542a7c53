import { createPublicKey, generateKeyPair, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isDomainName } from '@haven/contract/shared';
import { writeFileAtomic } from '../../lib/atomic-write.ts';

/** Keys kept in memory per keyring (about 0.6 kB each: the TXT value and the path). */
const KEYS_KEPT = 10_000;

// In the thread pool: a 2048-bit key takes 20 to 130 ms of CPU, which on the event loop would hold
// every request behind a new domain's first DNS list.
const generateRsa = promisify(generateKeyPair);

/** The selector Haven signs with; a key rotation would add a second one (`haven2`). */
export const DKIM_SELECTOR = 'haven';

export interface DkimKey {
  domain: string;
  selector: string;
  /** The private key file rspamd reads (PEM, 0600 in a 0700 folder Haven owns). */
  keyPath: string;
  /** The TXT value for `<selector>._domainkey.<domain>`. */
  txt: string;
}

/** `v=DKIM1; k=rsa; p=<base64 SubjectPublicKeyInfo>` for the public half of a PEM key. */
export function dkimTxtValue(pem: string): string {
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  return `v=DKIM1; k=rsa; p=${der.toString('base64')}`;
}

/** Where a domain's key lives; the domain is checked so it can never leave the folder. */
export function dkimKeyPath(keyDir: string, domain: string, selector = DKIM_SELECTOR): string {
  if (!isDomainName(domain)) throw new Error(`not a domain name: ${domain}`);
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(selector)) throw new Error(`bad selector: ${selector}`);
  return join(keyDir, `${domain}.${selector}.key`);
}

/**
 * The domain's signing key: read when it exists (keys are never replaced behind the DNS record's
 * back), else a new 2048-bit RSA key written 0600. Made under a temp name and linked into place,
 * which fails when another process (the CLI, the panel) made it first: then theirs is read, so
 * the DNS record and rspamd never see two different keys.
 */
export async function ensureDkimKey(
  keyDir: string,
  domain: string,
  selector = DKIM_SELECTOR,
): Promise<DkimKey> {
  const keyPath = dkimKeyPath(keyDir, domain.toLowerCase(), selector);
  let pem = await readFile(keyPath, 'utf8').catch(() => '');
  if (!pem) {
    await mkdir(keyDir, { recursive: true, mode: 0o700 });
    const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
    const made = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const temp = `${keyPath}.${randomBytes(6).toString('hex')}.new`;
    await writeFileAtomic(temp, made, 0o600);
    try {
      await link(temp, keyPath);
      pem = made;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      pem = await readFile(keyPath, 'utf8');
    } finally {
      await rm(temp, { force: true });
    }
  }
  return { domain: domain.toLowerCase(), selector, keyPath, txt: dkimTxtValue(pem) };
}

/**
 * `ensureDkimKey` for one key dir, one call per domain at a time: two callers that ask for a new
 * domain at once (the DNS records, the filter) get the same key, never two different ones. A key
 * once read is kept (keys are never replaced or removed): every DNS list of a mail domain shows
 * its record, and reading and parsing the key file each time was 14 % of that list's CPU and four
 * trips through the thread pool.
 */
export function dkimKeyring(keyDir: string) {
  const pending = new Map<string, Promise<DkimKey>>();
  const known = new Map<string, DkimKey>();
  return {
    keyDir,
    key(domain: string): Promise<DkimKey> {
      const name = domain.toLowerCase();
      const kept = known.get(name);
      if (kept) return Promise.resolve(kept);
      const running = pending.get(name);
      if (running) return running;
      const next = ensureDkimKey(keyDir, name)
        .then((key) => {
          if (known.size >= KEYS_KEPT) known.delete(known.keys().next().value ?? '');
          known.set(name, key);
          return key;
        })
        .finally(() => pending.delete(name));
      pending.set(name, next);
      return next;
    },
  };
}
export type DkimKeyring = ReturnType<typeof dkimKeyring>;
