import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

  it('makes a new key without holding the event loop', async () => {
    // Turns of the event loop while the key is made: here 26,000 to 40,000 with the key made in
    // the thread pool, 230 to 600 (the file steps alone) with it made on the loop.
    let turns = 0;
    let done = false;
    const spin = () => {
      turns += 1;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    try {
      await ensureDkimKey(join(dir, 'loop'), 'draait.nl');
    } finally {
      done = true;
    }
    expect(turns).toBeGreaterThan(2_000);
  });

  it('gives each key text its own value', () => {
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

  it('two processes making the same new key at once end with one key, the one on disk', async () => {
    const keyDir = join(dir, 'race');
    // Two keyrings: the panel and the CLI each have their own.
    const made = await Promise.all([0, 1, 2].map(() => dkimKeyring(keyDir).key('samen.nl')));
    const onDisk = `v=DKIM1; k=rsa; p=${publicBase64(await readFile(made[0]!.keyPath, 'utf8'))}`;
    for (const key of made) expect(key.txt).toBe(onDisk);
    expect((await readdir(keyDir)).sort()).toEqual(['samen.nl.haven.key']);
  });

  it('keeps a key once read: the list does not read the file again', async () => {
    const keys = dkimKeyring(join(dir, 'kept'));
    const first = await keys.key('bewaard.nl');
    await writeFile(first.keyPath, 'not a key');
    expect(await keys.key('BEWAARD.nl')).toEqual(first);
  });

  it('never leaves the folder', () => {
    expect(() => dkimKeyPath(dir, '../etc/passwd')).toThrow(/domain/);
    expect(() => dkimKeyPath(dir, 'voorbeeld.nl', '../x')).toThrow(/selector/);
  });
});
