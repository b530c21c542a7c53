import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import { IssueError, type CertificateIssuer } from './acme.port.ts';
import { proveControl } from './local-check.ts';
import { newKeyAndCsr } from './keys.ts';

/** The local CA's root certificate, which the banner tells the user to trust. */
export function localCaRootFile(dataDir: string): string {
  return join(dataDir, 'ssl', 'local-ca', 'root.pem');
}

export interface LocalCaOptions {
  dataDir: string;
  /** Where the domain's nginx answers plain HTTP (`127.0.0.1:8081`), for the HTTP-01 proof. */
  httpAddress: { host: string; port: number };
  /** Local profile: also sign `<name>.localhost`, the names browsers reach the sites by. */
  localhostNames: boolean;
  /** Days a certificate is valid (90, as Let's Encrypt). */
  days: number;
}

async function openssl(args: string[]): Promise<void> {
  const r = await run('openssl', args, { timeoutMs: 30_000 });
  if (r.code !== 0) throw new IssueError('unreachable', `openssl: ${r.stderr.slice(0, 500)}`);
}

/** Makes the root once (ECDSA P-256, 10 years); it stays, so a trusted root stays trusted. */
export async function ensureLocalCa(dataDir: string): Promise<{ root: string; key: string }> {
  const root = localCaRootFile(dataDir);
  const key = join(root, '..', 'root.key');
  if (
    await stat(root).then(
      () => true,
      () => false,
    )
  )
    return { root, key };
  await mkdir(join(root, '..'), { recursive: true, mode: 0o700 });
  const suffix = randomBytes(3).toString('hex');
  await openssl([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    `${root}.new`,
    '-days',
    '3650',
    '-subj',
    `/O=Haven/CN=Haven local CA ${suffix}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await writeFileAtomic(root, await readFile(`${root}.new`));
  await rm(`${root}.new`, { force: true });
  return { root, key };
}

/**
 * Haven's own CA for the local profile (docs/ssl.md): the same HTTP-01 proof through the
 * domain's nginx as an ACME CA asks, then `openssl x509 -req` signs the CSR with the root.
 */
export function createLocalCaIssuer(options: LocalCaOptions): CertificateIssuer {
  return {
    kind: 'local-ca',
    async issue(names, answers) {
      const [first, ...rest] = names;
      if (!first) throw new IssueError('rejected', 'no names');
      await proveControl(names, answers, options.httpAddress);
      const ca = await ensureLocalCa(options.dataDir);
      const all = [...names, ...(options.localhostNames ? names.map((n) => `${n}.localhost`) : [])];
      const { keyPem, csr } = await newKeyAndCsr(first, rest);
      const dir = await mkdtemp(join(tmpdir(), 'haven-ca-'));
      try {
        await writeFileAtomic(join(dir, 'req.csr'), csr);
        await writeFileAtomic(
          join(dir, 'ext.cnf'),
          [
            'basicConstraints=critical,CA:FALSE',
            'keyUsage=critical,digitalSignature',
            'extendedKeyUsage=serverAuth',
            `subjectAltName=${all.map((n) => `DNS:${n}`).join(',')}`,
            '',
          ].join('\n'),
        );
        await openssl([
          'x509',
          '-req',
          '-in',
          join(dir, 'req.csr'),
          '-CA',
          ca.root,
          '-CAkey',
          ca.key,
          '-set_serial',
          `0x${randomBytes(16).toString('hex')}`,
          '-days',
          String(options.days),
          '-sha256',
          '-extfile',
          join(dir, 'ext.cnf'),
          '-out',
          join(dir, 'cert.pem'),
        ]);
        const leaf = await readFile(join(dir, 'cert.pem'), 'utf8');
        return { certPem: `${leaf.trim()}\n${(await readFile(ca.root, 'utf8')).trim()}\n`, keyPem };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
