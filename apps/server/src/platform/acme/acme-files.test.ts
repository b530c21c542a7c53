import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { certificateFolder, certificatePaths, joinLegacyPairs } from './acme-files.ts';

describe('the installed certificate files', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-certs-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps the key and its certificate in one file, so a reissue swaps the pair in one rename', async () => {
    const files = certificateFolder(dir);
    await files.install('a.test', { keyPem: 'KEY-1', certPem: 'CERT-1\n' });
    const paths = certificatePaths(dir, 'a.test');
    // nginx reads both from the same file: no reader sees a new key beside the old certificate.
    expect(paths.certFile).toBe(paths.keyFile);
    expect(await readFile(paths.certFile, 'utf8')).toBe('KEY-1\nCERT-1\n');
    await files.install('a.test', { keyPem: 'KEY-2\n', certPem: 'CERT-2\n' });
    expect(await readFile(paths.certFile, 'utf8')).toBe('KEY-2\nCERT-2\n');
    expect((await stat(paths.certFile)).mode & 0o777).toBe(0o600);
    expect(() => certificatePaths(dir, '../x')).toThrow();
    await files.remove('a.test');
    await expect(stat(join(dir, 'a.test'))).rejects.toThrow();
  });

  it('joins a pair installed by an older version into the one file when the node starts', async () => {
    await mkdir(join(dir, 'b.test'));
    await writeFile(join(dir, 'b.test', 'fullchain.pem'), 'CERT\n');
    await writeFile(join(dir, 'b.test', 'privkey.pem'), 'KEY');
    await mkdir(join(dir, 'c.test'));
    await writeFile(join(dir, 'c.test', 'fullchain.pem'), 'CERT\n');
    expect(await joinLegacyPairs(dir)).toEqual(['b.test']);
    const { certFile } = certificatePaths(dir, 'b.test');
    expect(await readFile(certFile, 'utf8')).toBe('KEY\nCERT\n');
    // The old files stay for the site configs that still name them; a second start joins nothing.
    expect(await readFile(join(dir, 'b.test', 'fullchain.pem'), 'utf8')).toBe('CERT\n');
    expect(await joinLegacyPairs(dir)).toEqual([]);
    expect(await joinLegacyPairs(join(dir, 'none'))).toEqual([]);
  });
});
