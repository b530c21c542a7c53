import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawZip } from '../../../test/support/test-zip.ts';
import { reason } from '../../../test/support/files-reason.ts';
import { createDirectoryWebspace } from '../webspace/webspace.local.ts';
import { createLocalWebspaceFiles } from './webspace-files.local.ts';
import type { WebspaceFiles } from './webspace-files.port.ts';

const limits = { maxBytes: 1_000_000, maxEntries: 100 };

describe('local webspace files: zip and unzip', () => {
  const domain = 'zips.example';
  let root: string;
  let home: string;
  let files: WebspaceFiles;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'haven-zips-'));
    const webspace = createDirectoryWebspace(join(root, 'homes'));
    home = await webspace.ensureHome(domain);
    files = createLocalWebspaceFiles(webspace);
    await mkdir(join(home, 'httpdocs/src/sub'), { recursive: true });
    await writeFile(join(home, 'httpdocs/src/one.txt'), 'one');
    await writeFile(join(home, 'httpdocs/src/sub/two.txt'), 'two'.repeat(1000));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes a zip with progress, refuses a taken name, and leaves no temp file', async () => {
    const heard: [number, number][] = [];
    const path = await files.writeZip(domain, '/httpdocs/src', ['one.txt', 'sub'], 'out.zip', {
      onBytes: (done, total) => heard.push([done, total]),
    });
    expect(path).toBe('/httpdocs/src/out.zip');
    expect(heard.at(-1)).toEqual([3003, 3003]);
    expect(await reason(files.writeZip(domain, '/httpdocs/src', ['one.txt'], 'out.zip'))).toBe(
      'exists',
    );
    expect(await reason(files.writeZip(domain, '/httpdocs/src', ['missing'], 'other.zip'))).toBe(
      'not_found',
    );
    expect(await readdir(join(root, 'homes/.haven-state', domain, 'tmp'))).toEqual([]);
  });

  it('checks before extracting: what is in the way, and overwrite for files only', async () => {
    await mkdir(join(home, 'httpdocs/dst'));
    expect(
      await files.checkZip(domain, '/httpdocs/src/out.zip', '/httpdocs/dst', {
        ...limits,
        overwrite: false,
      }),
    ).toEqual({ bytes: 3003 });
    await files.extractZip(domain, '/httpdocs/src/out.zip', '/httpdocs/dst', {
      ...limits,
      overwrite: false,
    });
    expect(await readFile(join(home, 'httpdocs/dst/sub/two.txt'), 'utf8')).toBe('two'.repeat(1000));
    expect(
      await reason(
        files.checkZip(domain, '/httpdocs/src/out.zip', '/httpdocs/dst', {
          ...limits,
          overwrite: false,
        }),
      ),
    ).toBe('exists');
    expect(
      await reason(
        files.checkZip(domain, '/httpdocs/src/out.zip', '/httpdocs/dst', {
          ...limits,
          overwrite: true,
        }),
      ),
    ).toBe('ok');
    const heard: number[] = [];
    await files.extractZip(domain, '/httpdocs/src/out.zip', '/httpdocs/dst', {
      ...limits,
      overwrite: true,
      onBytes: (done) => heard.push(done),
    });
    expect(heard.at(-1)).toBe(3003);
  });

  it.each([
    ['../x', [{ name: '../evil.txt', data: 'x' }]],
    ['an absolute path', [{ name: '/tmp/evil.txt', data: 'x' }]],
    ['a symlink entry', [{ name: 'link', data: '/etc/passwd', mode: 0o120777 }]],
  ])('refuses a zip with %s, in the check and in the extraction', async (_, entries) => {
    await writeFile(join(home, 'bad.zip'), rawZip(entries));
    expect(
      await reason(files.checkZip(domain, '/bad.zip', '/', { ...limits, overwrite: false })),
    ).toBe('zip_unsafe');
    expect(
      await reason(files.extractZip(domain, '/bad.zip', '/', { ...limits, overwrite: false })),
    ).toBe('zip_unsafe');
    expect(await readdir(home)).not.toContain('link');
  });

  it('refuses archives over the limits and broken ones', async () => {
    await writeFile(join(home, 'big.zip'), rawZip([{ name: 'big.txt', data: 'x'.repeat(5000) }]));
    expect(
      await reason(
        files.checkZip(domain, '/big.zip', '/httpdocs', {
          maxBytes: 4000,
          maxEntries: 10,
          overwrite: false,
        }),
      ),
    ).toBe('too_large');
    expect(
      await reason(
        files.extractZip(domain, '/big.zip', '/httpdocs', {
          maxBytes: 1_000_000,
          maxEntries: 0,
          overwrite: false,
        }),
      ),
    ).toBe('too_large');
    await writeFile(join(home, 'broken.zip'), 'not a zip');
    expect(
      await reason(
        files.checkZip(domain, '/broken.zip', '/httpdocs', { ...limits, overwrite: false }),
      ),
    ).toBe('zip_invalid');
    expect(
      await reason(
        files.checkZip(domain, '/httpdocs', '/httpdocs', { ...limits, overwrite: false }),
      ),
    ).toBe('not_a_file');
  });

  it('extracts `.haven/...` at the top as an ordinary folder (Haven keeps nothing there)', async () => {
    await writeFile(join(home, 'dot.zip'), rawZip([{ name: '.haven/tmp/x', data: 'x' }]));
    await files.extractZip(domain, '/dot.zip', '/', { ...limits, overwrite: false });
    expect(await readFile(join(home, '.haven/tmp/x'), 'utf8')).toBe('x');
  });
});
