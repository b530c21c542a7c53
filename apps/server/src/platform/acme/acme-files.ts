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

/** `<certDir>/<domain>/fullchain.pem` and `privkey.pem`, written atomically. */
export function certificateFolder(certDir: string): CertificateFiles {
  const paths = (domain: string) => {
    if (!DOMAIN.test(domain) || domain.includes('..')) throw new Error('not a domain name');
    return {
      certFile: join(certDir, domain, 'fullchain.pem'),
      keyFile: join(certDir, domain, 'privkey.pem'),
    };
  };
  return {
    paths,
    async install(domain, cert) {
      const p = paths(domain);
      await mkdir(join(certDir, domain), { recursive: true, mode: 0o700 });
      // The key first: until the certificate is replaced too, nginx still reads the old pair
      // only at a reload, and Haven reloads after both are written.
      await writeFileAtomic(p.keyFile, cert.keyPem, 0o600);
      await writeFileAtomic(p.certFile, cert.certPem, 0o644);
      return p;
    },
    remove: (domain) =>
      rm(join(certDir, paths(domain).certFile, '..'), { recursive: true, force: true }),
  };
}
