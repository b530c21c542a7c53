import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { certificateFolder } from './acme-files.ts';

describe('the installed certificate files', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-certs-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps the key and its certificate in one file, so a reissue swaps the pair in one rename', async () => {
    const files = certificateFolder(dir);
    const written = await files.install('a.test', { keyPem: 'KEY-1', certPem: 'CERT-1\n' });
    // nginx reads both from the same file: no reader sees a new key beside the old certificate.
    expect(written.certFile).toBe(written.keyFile);
    expect(files.paths('a.test')).toEqual(written);
    await files.install('a.test', { keyPem: 'KEY-2\n', certPem: 'CERT-2\n' });
    expect(await readFile(written.certFile, 'utf8')).toBe('KEY-2\nCERT-2\n');
    expect((await stat(written.certFile)).mode & 0o777).toBe(0o600);
  });

  it('serves a pair installed by an older version until the next certificate', async () => {
    await mkdir(join(dir, 'b.test'));
    await writeFile(join(dir, 'b.test', 'fullchain.pem'), 'CERT');
    await writeFile(join(dir, 'b.test', 'privkey.pem'), 'KEY');
    const files = certificateFolder(dir);
    expect(files.paths('b.test')).toEqual({
      certFile: join(dir, 'b.test', 'fullchain.pem'),
      keyFile: join(dir, 'b.test', 'privkey.pem'),
    });
    await files.install('b.test', { keyPem: 'KEY\n', certPem: 'CERT\n' });
    expect(files.paths('b.test').certFile).toBe(join(dir, 'b.test', 'certificate.pem'));
    expect(() => files.paths('../x')).toThrow();
  });
});
