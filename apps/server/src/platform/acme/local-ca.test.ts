import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeFolder } from './acme-files.ts';
import { createLocalCaIssuer, ensureLocalCa } from './local-ca.ts';
import { describeCertificate } from './cert-info.ts';
import { hasCommand } from '../../lib/process.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const hasOpenssl = !skipWhenMissing('local CA test', [
  !(await hasCommand('openssl', ['version'])) && 'openssl',
]);

// The local CA with real openssl; the answer folder is served by a plain file server on
// loopback (the nginx side is covered by ssl.integration.test.ts).
describe.skipIf(!hasOpenssl)('Haven local CA', () => {
  let dir: string;
  let port = 0;
  // How many requests answer 444-like (closed) first, as nginx's old workers do after a reload.
  let refuseFirst = 0;
  const server = createServer((req, res) => {
    if (refuseFirst > 0) {
      refuseFirst--;
      req.socket.destroy();
      return;
    }
    void readFile(join(dir, 'acme', (req.url ?? '').replace(/^\//, ''))).then(
      (body) => res.end(body),
      () => res.writeHead(404).end(),
    );
  });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-ca-test-'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('signs the names (and .localhost) after the HTTP-01 proof, with a root that stays', async () => {
    const issuer = createLocalCaIssuer({
      dataDir: dir,
      httpAddress: { host: '127.0.0.1', port },
      localhostNames: true,
      days: 90,
    });
    const cert = await issuer.issue(
      ['www.example.test', 'example.test'],
      challengeFolder(join(dir, 'acme')),
    );
    const info = describeCertificate(cert.certPem);
    expect(info.names).toEqual([
      'www.example.test',
      'example.test',
      'www.example.test.localhost',
      'example.test.localhost',
    ]);
    expect(info.alg).toBe('ECDSA P-256');
    const { root } = await ensureLocalCa(dir);
    const rootPem = await readFile(root, 'utf8');
    expect(new X509Certificate(cert.certPem).verify(new X509Certificate(rootPem).publicKey)).toBe(
      true,
    );
    expect((await ensureLocalCa(dir)).root).toBe(root);
    expect(await readFile(root, 'utf8')).toBe(rootPem);
  });

  it('asks again while nginx still reloads (a name its old workers do not know yet)', async () => {
    const issuer = createLocalCaIssuer({
      dataDir: dir,
      httpAddress: { host: '127.0.0.1', port },
      localhostNames: false,
      days: 90,
    });
    refuseFirst = 3;
    const cert = await issuer.issue(['shop.example.test'], challengeFolder(join(dir, 'acme')));
    expect(refuseFirst).toBe(0);
    expect(describeCertificate(cert.certPem).names).toEqual(['shop.example.test']);
  });

  it('refuses when the answer is not served (challenge)', async () => {
    const issuer = createLocalCaIssuer({
      dataDir: dir,
      httpAddress: { host: '127.0.0.1', port },
      localhostNames: false,
      days: 90,
    });
    const nowhere = challengeFolder(join(dir, 'elsewhere'));
    await expect(issuer.issue(['example.test'], nowhere)).rejects.toMatchObject({
      kind: 'challenge',
    });
  });
});
