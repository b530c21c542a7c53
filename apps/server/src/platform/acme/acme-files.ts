import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import type { CertificateFiles, ChallengeAnswers } from './acme.port.ts';

/** ACME tokens are base64url (RFC 8555 §8.1): nothing else reaches a path. */
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;
/** Domain names as the contract validates them; checked again before they name a folder. */
const DOMAIN = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/;

/** HTTP-01 answers in Haven's own folder, which every server block serves (tls-render.ts). */
export function challengeFolder(root: string): ChallengeAnswers {
  const dir = join(root, '.well-known', 'acme-challenge');
  const file = (token: string) => {
    if (!TOKEN.test(token)) throw new Error('not an ACME token');
    return join(dir, token);
  };
  return {
    async put(token, content) {
      const path = file(token);
      await mkdir(dir, { recursive: true, mode: 0o755 });
      await writeFileAtomic(path, content, 0o644);
    },
    remove: (token) => rm(file(token), { force: true }),
  };
}

const checkedFolder = (certDir: string, domain: string) => {
  if (!DOMAIN.test(domain) || domain.includes('..')) throw new Error('not a domain name');
  return join(certDir, domain);
};

/**
 * `<certDir>/<domain>/certificate.pem`: the key and the chain in one file, which nginx's
 * `ssl_certificate` and `ssl_certificate_key` both name. The same on every node (one layout per
 * profile), so the panel renders a site's HTTPS block without asking its node.
 */
export function certificatePaths(certDir: string, domain: string) {
  const file = join(checkedFolder(certDir, domain), 'certificate.pem');
  return { certFile: file, keyFile: file };
}

/**
 * The key and the chain written atomically into one file, so the pair changes in one rename. Two
 * files renamed one after the other left a moment with a new key beside the old certificate, and
 * an `nginx -t` for any other site's change (the SSL area reissues by itself when a subdomain is
 * added) failed on "key values mismatch" then.
 */
export function certificateFolder(certDir: string): CertificateFiles {
  return {
    async install(domain, cert) {
      const dir = checkedFolder(certDir, domain);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const key = cert.keyPem.endsWith('\n') ? cert.keyPem : `${cert.keyPem}\n`;
      await writeFileAtomic(join(dir, 'certificate.pem'), `${key}${cert.certPem}`, 0o600);
    },
    remove: (domain) => rm(checkedFolder(certDir, domain), { recursive: true, force: true }),
  };
}

/**
 * A pair an older version installed (`privkey.pem`, `fullchain.pem`) joined into the one file
 * `certificatePaths` names, once, when the node starts; the old files stay for the site configs
 * that still name them until their next render. Answers the domains joined.
 */
export async function joinLegacyPairs(certDir: string): Promise<string[]> {
  const domains = await readdir(certDir).catch(() => [] as string[]);
  const joined: string[] = [];
  for (const domain of domains) {
    if (!DOMAIN.test(domain)) continue;
    const dir = join(certDir, domain);
    if (existsSync(join(dir, 'certificate.pem'))) continue;
    const read = (name: string) => readFile(join(dir, name), 'utf8').catch(() => null);
    const [keyPem, certPem] = await Promise.all([read('privkey.pem'), read('fullchain.pem')]);
    if (keyPem === null || certPem === null) continue;
    await certificateFolder(certDir).install(domain, { keyPem, certPem });
    joined.push(domain);
  }
  return joined;
}
