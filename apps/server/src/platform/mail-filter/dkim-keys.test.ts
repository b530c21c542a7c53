import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimKeyPath, dkimKeyring, dkimTxtValue, ensureDkimKey } from './dkim-keys.ts';

const publicBase64 = (pem: string) =>
  createPublicKey(pem).export({ type: 'spki', format: 'der' }).toString('base64');

describe('DKIM keys', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-dkim-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes a key once (0600 in a 0700 folder) and reads the same one after', async () => {
    const keyDir = join(dir, 'keys');
    const first = await ensureDkimKey(keyDir, 'Voorbeeld.NL');
    expect(first.keyPath).toBe(join(keyDir, 'voorbeeld.nl.haven.key'));
    expect((await stat(keyDir)).mode & 0o777).toBe(0o700);
    expect((await stat(first.keyPath)).mode & 0o777).toBe(0o600);
    const pem = await readFile(first.keyPath, 'utf8');
    expect(first.txt).toBe(`v=DKIM1; k=rsa; p=${publicBase64(pem)}`);
    expect(await ensureDkimKey(keyDir, 'voorbeeld.nl')).toEqual(first);
  });

  it('gives each key text its own value, also when many were asked before', () => {
    const pems = [0, 1].map(() =>
      generateKeyPairSync('rsa', { modulusLength: 1024 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    );
    const [a, b] = pems.map((pem) => dkimTxtValue(pem));
    expect(a).not.toBe(b);
    pems.forEach((pem, i) => expect(dkimTxtValue(pem)).toBe([a, b][i]));
    expect(a).toBe(`v=DKIM1; k=rsa; p=${publicBase64(pems[0] ?? '')}`);
  });

  it('two callers asking for a new domain at once get the same key', async () => {
    const keys = dkimKeyring(join(dir, 'ring'));
    const [x, y] = await Promise.all([keys.key('nieuw.nl'), keys.key('NIEUW.nl')]);
    expect(x).toEqual(y);
  });

  it('never leaves the folder', () => {
    expect(() => dkimKeyPath(dir, '../etc/passwd')).toThrow(/domain/);
    expect(() => dkimKeyPath(dir, 'voorbeeld.nl', '../x')).toThrow(/selector/);
  });
});
