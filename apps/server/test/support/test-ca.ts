import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from '../../src/lib/process.ts';

export interface TestCertificates {
  caFile: string;
  certFile: string;
  keyFile: string;
}

async function openssl(args: string[]): Promise<void> {
  const r = await run('openssl', args, { timeoutMs: 20_000 });
  if (r.code !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr.trim()}`);
}

/**
 * A self-signed CA made for one test and a server certificate it signed for `names` (DNS
 * subject alternative names), P-256 keys, valid a day, all in `dir`. Names, not addresses:
 * nats.js checks a server given by IP address against `localhost`.
 */
export async function makeTestCertificates(
  dir: string,
  names: readonly string[],
): Promise<TestCertificates> {
  const f = (name: string) => join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await openssl(
    ['req', '-x509', ...ec, '-keyout', f('ca.key'), '-out', f('ca.pem')].concat([
      '-days',
      '1',
      '-subj',
      '/CN=Haven test CA',
    ]),
  );
  await openssl(
    ['req', ...ec, '-keyout', f('server.key'), '-out', f('server.csr')].concat([
      '-subj',
      '/CN=nats',
    ]),
  );
  await writeFile(f('san.ext'), `subjectAltName=${names.map((a) => `DNS:${a}`).join(',')}\n`);
  await openssl(
    ['x509', '-req', '-in', f('server.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key')].concat([
      '-CAcreateserial',
      '-out',
      f('server.pem'),
      '-days',
      '1',
      '-extfile',
      f('san.ext'),
    ]),
  );
  return { caFile: f('ca.pem'), certFile: f('server.pem'), keyFile: f('server.key') };
}
