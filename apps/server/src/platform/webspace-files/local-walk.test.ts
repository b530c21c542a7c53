import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readNames } from './local-walk.ts';

const base = mkdtempSync(join(tmpdir(), 'haven-read-names-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('readNames', () => {
  it('reads the names readdir reads, without . and ..', async () => {
    const dir = join(base, 'small');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'a.txt'), '');
    writeFileSync(join(dir, '.hidden'), '');
    expect((await readNames(dir)).sort()).toEqual(['.hidden', 'a.txt', 'sub']);
    expect(await readNames(join(dir, 'sub'))).toEqual([]);
  });

  it('reads a folder of thousands of entries in slices, letting the event loop run between them', async () => {
    const dir = join(base, 'big');
    mkdirSync(dir);
    for (let i = 0; i < 4_100; i++) writeFileSync(join(dir, `f${i}`), '');
    let turns = 0;
    const tick = () => {
      turns += 1;
      if (turns < 100) setImmediate(tick);
    };
    setImmediate(tick);
    const names = await readNames(dir);
    expect(names.sort()).toEqual(readdirSync(dir).sort());
    expect(turns).toBeGreaterThanOrEqual(2);
  });

  it('fails as readdir does for a folder that is not there', async () => {
    await expect(readNames(join(base, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
