import { Agent } from 'node:https';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Client } from 'acme-client';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { IssueError, type CertificateIssuer } from './acme.port.ts';
import { newKeyAndCsr } from './keys.ts';

export interface AcmeIssuerOptions {
  /** RFC 8555 directory URL (Let's Encrypt: https://acme-v02.api.letsencrypt.org/directory). */
  directoryUrl: string;
  /** Contact for the account (expiry notices of the CA); optional. */
  email: string | null;
  /** File of an extra CA (PEM) to trust for the directory itself (a private ACME server, pebble). */
  directoryCaFile: string | null;
  /** The account key, made on first use and kept. */
  accountKeyFile: string;
}

/** Loaded on first use, not at start (see keys.ts). */
const acmeClient = () => import('acme-client');

async function accountKey(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch {
    const key = await (await acmeClient()).crypto.createPrivateEcdsaKey();
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(file, key, 0o600);
    return key;
  }
}

/** What went wrong, in the port's terms, from acme-client's (axios or ACME problem) error. */
function classify(error: unknown): IssueError {
  const message = error instanceof Error ? error.message : String(error);
  if (/ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|certificate|socket hang up/i.test(message))
    return new IssueError('unreachable', message);
  if (/challenge|authorization|invalid|connection|unauthorized/i.test(message))
    return new IssueError('challenge', message);
  return new IssueError('rejected', message);
}

/** An ACME CA (acme-client): HTTP-01 only, answered from Haven's folder by the domain's nginx. */
export function createAcmeIssuer(options: AcmeIssuerOptions): CertificateIssuer {
  let trusted = false;
  // One client: it keeps the account URL, so a second order does not register (or "update")
  // the account again, which strict servers refuse.
  let client: Client | null = null;
  const clientOf = async () =>
    (client ??= new (await acmeClient()).Client({
      directoryUrl: options.directoryUrl,
      accountKey: await accountKey(options.accountKeyFile),
    }));
  async function trust() {
    if (trusted || !options.directoryCaFile) return;
    // acme-client speaks through its own axios instance: trust the private directory's CA there.
    const ca = await readFile(options.directoryCaFile, 'utf8');
    (await acmeClient()).axios.defaults.httpsAgent = new Agent({ ca, keepAlive: false });
    trusted = true;
  }
  return {
    kind: 'acme',
    async issue(names, answers) {
      const [first, ...rest] = names;
      if (!first) throw new IssueError('rejected', 'no names');
      await trust().catch((e: unknown) => {
        throw new IssueError('unreachable', `SSL_ACME_CA_FILE: ${String(e)}`);
      });
      const orderClient = await clientOf();
      const { keyPem, csr } = await newKeyAndCsr(first, rest);
      try {
        const certPem = await orderClient.auto({
          csr,
          ...(options.email ? { email: options.email } : {}),
          termsOfServiceAgreed: true,
          challengePriority: ['http-01'],
          // The CA checks the answer itself; acme-client's own check assumes port 80 of this host.
          skipChallengeVerification: true,
          challengeCreateFn: async (_authz, challenge, keyAuthorization) =>
            answers.put(challenge.token, keyAuthorization),
          challengeRemoveFn: async (_authz, challenge) => answers.remove(challenge.token),
        });
        return { certPem, keyPem };
      } catch (error) {
        throw classify(error);
      }
    },
  };
}
