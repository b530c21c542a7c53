import { generateKeyPairSync, createPublicKey } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDomainName } from '@haven/contract/shared';
import { writeFileAtomic } from '../../lib/atomic-write.ts';

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

/**
 * Each DNS list of a mail domain shows the DKIM record: parsing the RSA key and exporting its
 * public half was 5 % of the panel's CPU in the API mix (docs/performance.md, 2026-11-27). The
 * value depends on the key text only, so the last few hundred are kept by that text.
 */
const txtOfPem = new Map<string, string>();
const TXT_KEPT = 500;

/** `v=DKIM1; k=rsa; p=<base64 SubjectPublicKeyInfo>` for the public half of a PEM key. */
export function dkimTxtValue(pem: string): string {
  const kept = txtOfPem.get(pem);
  if (kept !== undefined) return kept;
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  const txt = `v=DKIM1; k=rsa; p=${der.toString('base64')}`;
  if (txtOfPem.size >= TXT_KEPT) txtOfPem.delete(txtOfPem.keys().next().value ?? '');
  txtOfPem.set(pem, txt);
  return txt;
}

/** Where a domain's key lives; the domain is checked so it can never leave the folder. */
export function dkimKeyPath(keyDir: string, domain: string, selector = DKIM_SELECTOR): string {
  if (!isDomainName(domain)) throw new Error(`not a domain name: ${domain}`);
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(selector)) throw new Error(`bad selector: ${selector}`);
  return join(keyDir, `${domain}.${selector}.key`);
}

/**
 * The domain's signing key: read when it exists (keys are never replaced behind the DNS record's
 * back), else a new 2048-bit RSA key written 0600.
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
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await writeFileAtomic(keyPath, pem, 0o600);
  }
  return { domain: domain.toLowerCase(), selector, keyPath, txt: dkimTxtValue(pem) };
}

/**
 * `ensureDkimKey` for one key dir, one call per domain at a time: two callers that ask for a new
 * domain at once (the DNS records, the filter) get the same key, never two different ones.
 */
export function dkimKeyring(keyDir: string) {
  const pending = new Map<string, Promise<DkimKey>>();
  return {
    keyDir,
    key(domain: string): Promise<DkimKey> {
      const name = domain.toLowerCase();
      const running = pending.get(name);
      if (running) return running;
      const next = ensureDkimKey(keyDir, name).finally(() => pending.delete(name));
      pending.set(name, next);
      return next;
    },
  };
}
export type DkimKeyring = ReturnType<typeof dkimKeyring>;
