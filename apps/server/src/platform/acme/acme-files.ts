import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
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

/**
 * `<certDir>/<domain>/certificate.pem`: the key and the chain in one file, written atomically, so
 * the pair changes in one rename. Two files renamed one after the other left a moment with a new
 * key beside the old certificate, and an `nginx -t` for any other site's change (the SSL area
 * reissues by itself when a subdomain is added) failed on "key values mismatch" then. nginx
 * reads both from the one file (`ssl_certificate` and `ssl_certificate_key` name it).
 * A certificate installed before (`fullchain.pem`, `privkey.pem`) is served until the next one.
 */
export function certificateFolder(certDir: string): CertificateFiles {
  const folder = (domain: string) => {
    if (!DOMAIN.test(domain) || domain.includes('..')) throw new Error('not a domain name');
    return join(certDir, domain);
  };
  const paths = (domain: string) => {
    const dir = folder(domain);
    const pair = join(dir, 'certificate.pem');
    const legacy = { certFile: join(dir, 'fullchain.pem'), keyFile: join(dir, 'privkey.pem') };
    return !existsSync(pair) && existsSync(legacy.certFile)
      ? legacy
      : { certFile: pair, keyFile: pair };
  };
  return {
    paths,
    async install(domain, cert) {
      const dir = folder(domain);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, 'certificate.pem');
      const key = cert.keyPem.endsWith('\n') ? cert.keyPem : `${cert.keyPem}\n`;
      await writeFileAtomic(file, `${key}${cert.certPem}`, 0o600);
      return { certFile: file, keyFile: file };
    },
    remove: (domain) => rm(folder(domain), { recursive: true, force: true }),
  };
}
