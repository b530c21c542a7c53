import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { rawZip } from '../../../test/support/test-zip.ts';
import { uploadForm } from '../../../test/support/upload-form.ts';

/** The plan's disk space (1 MB here) is enforced on every write, and shown as enforced (issue 17). */
describe('file manager API: disk quota', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let home: string;
  const base = () => `/api/${a.domain}/webhosting/filemanager`;
  const get = (url: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: `${base()}${url}`, query, token });
  const post = (url: string, payload: object) =>
    t.call({ method: 'POST', url: `${base()}${url}`, payload, token });
  const up = (files: [string, string | Buffer][]) =>
    t.call({
      method: 'POST',
      url: `${base()}/upload`,
      query: { path: '/httpdocs' },
      token,
      ...uploadForm(files),
    });
  const names = async () => (await readdir(join(home, 'httpdocs'))).sort();
  const used = async () => (await get('/usage')).json<{ used: number; limit: number }>();
  const refused = (used: number) => ({
    custom_message: 'quota_exceeded',
    fields: { used: String(used), limit: '1000000' },
  });
  const tmpEmpty = async () =>
    expect(await readdir(join(t.dataDir, 'homes/.haven-state', a.domain, 'tmp'))).toEqual([]);

  beforeAll(async () => {
    t = await createTestApp({ env: { HAVEN_UPLOAD_MAX_MB: '5' } });
    await t.ctx.runner.start();
    a = await t.customer();
    token = await t.login(a);
    home = join(t.dataDir, 'homes', a.domain);
    await t.ctx.db
      .updateTable('domains')
      .set({ disk_quota_mb: 1 })
      .where('name', '=', a.domain)
      .execute();
    t.ctx.customers.domainsChanged();
  });
  afterAll(() => t.close());

  let zipSize = 0;

  it('shows the usage it enforces, and refuses what does not fit with 413 and nothing written', async () => {
    expect(await used()).toEqual({ used: 0, limit: 1_000_000 });
    const zip = rawZip([{ name: 'big.txt', data: 'x'.repeat(550_000) }]);
    zipSize = zip.length;
    expect((await up([['z.zip', zip]])).statusCode).toBe(200);
    expect(await used()).toEqual({ used: zipSize, limit: 1_000_000 });
    const before = await names();

    // Upload: one part over the room, and two parts that only together are over it.
    const one = await up([['b.bin', Buffer.alloc(500_000, 1)]]);
    expect(one.statusCode).toBe(413);
    expect(one.json()).toEqual(refused(zipSize));
    const two = await up([
      ['c1.bin', Buffer.alloc(250_000, 1)],
      ['c2.bin', Buffer.alloc(250_000, 1)],
    ]);
    expect(two.json()).toEqual(refused(zipSize));
    // Duplicate, unzip (uncompressed bytes count), editor save of a new file.
    expect((await post('/duplicate', { source: '/httpdocs/z.zip' })).json()).toEqual(
      refused(zipSize),
    );
    const unzip = await post('/unzip', { path: '/httpdocs/z.zip' });
    expect(unzip.statusCode).toBe(413);
    expect(unzip.json()).toEqual(refused(zipSize));
    const save = await post('/save', { path: '/httpdocs/new.txt', content: 'y'.repeat(460_000) });
    expect(save.json()).toEqual(refused(zipSize));
    // Zip runs as a job: it fails with the code, and leaves no archive.
    const { pid } = (
      await post('/zip', { path: '/httpdocs', files: ['z.zip'], zip: 'again' })
    ).json<{
      pid: string;
    }>();
    await t.ctx.runner.idle();
    expect((await get('/zip/busy', { pid })).json()).toEqual({
      busy: false,
      error: 'quota_exceeded',
    });

    expect(await names()).toEqual(before);
    await tmpEmpty();
    expect(await used()).toEqual({ used: zipSize, limit: 1_000_000 });
  });

  it('counts the trash until it is emptied', async () => {
    expect((await post('/delete', { paths: ['/httpdocs/z.zip'] })).statusCode).toBe(200);
    expect((await used()).used).toBe(zipSize);
    expect((await up([['b.bin', Buffer.alloc(500_000, 1)]])).json()).toEqual(refused(zipSize));
    expect((await post('/trash/empty', {})).statusCode).toBe(200);
    expect((await used()).used).toBe(0);
    expect((await up([['b.bin', Buffer.alloc(500_000, 1)]])).statusCode).toBe(200);
    expect((await used()).used).toBe(500_000);
    expect((await stat(join(home, 'httpdocs/b.bin'))).size).toBe(500_000);
    // Replacing a file needs room only for what it adds.
    const again = await t.call({
      method: 'POST',
      url: `${base()}/upload`,
      query: { path: '/httpdocs', overwrite: 'true' },
      token,
      ...uploadForm([['b.bin', Buffer.alloc(600_000, 2)]]),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await used()).used).toBe(600_000);
  });

  it('lets only one of two parallel uploads take the same room', async () => {
    const [x, y] = await Promise.all([
      up([['p1.bin', Buffer.alloc(300_000, 1)]]),
      up([['p2.bin', Buffer.alloc(300_000, 1)]]),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 413]);
    expect((await used()).used).toBe(900_000);
    expect((await names()).filter((n) => n.startsWith('p'))).toHaveLength(1);
    await tmpEmpty();
  });

  it('lets a save that shrinks a file through, and counts what it frees', async () => {
    await t.ctx.db
      .updateTable('domains')
      .set({ disk_quota_mb: 0 })
      .where('name', '=', a.domain)
      .execute();
    t.ctx.customers.domainsChanged();
    const save = await post('/save', { path: '/httpdocs/b.bin', content: 'small', force: true });
    expect(save.statusCode, save.body).toBe(200);
    expect(await used()).toEqual({ used: 300_005, limit: 0 });
    expect(
      (await post('/save', { path: '/httpdocs/b.bin', content: 'larger', force: true })).json(),
    ).toEqual({
      custom_message: 'quota_exceeded',
      fields: { used: '300005', limit: '0' },
    });
  });
});
