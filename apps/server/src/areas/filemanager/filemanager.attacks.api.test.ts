import { lstat, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { rawZip } from '../../../test/support/test-zip.ts';

/** The ways people try to get out of a home; every one must stay inside (or answer an error). */
describe('file manager API: path attacks', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  let home: string;
  let outside: string;
  const base = (domain = a.domain) => `/api/${domain}/webhosting/filemanager`;
  const get = (url: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: `${base()}${url}`, query, token });
  const post = (url: string, payload: object) =>
    t.call({ method: 'POST', url: `${base()}${url}`, payload, token });

  beforeAll(async () => {
    t = await createTestApp({
      env: { HAVEN_UNZIP_MAX_MB: '0.001', HAVEN_UNZIP_MAX_ENTRIES: '50' },
      // Every attack goes out at once; fair use's cap is tested in http/fair-use.api.test.ts.
      expensivePerCustomer: 100,
    });
    await t.ctx.runner.start();
    a = await t.customer();
    b = await t.customer();
    token = await t.login(a);
    home = join(t.dataDir, 'homes', a.domain);
    outside = join(t.dataDir, 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(join(outside, 'secret.txt'), 'secret');
    await writeFile(join(home, 'httpdocs/ok.txt'), 'ok');
    await symlink(outside, join(home, 'httpdocs/out'));
    await symlink(join(outside, 'secret.txt'), join(home, 'httpdocs/secret-link'));
    await writeFile(join(t.dataDir, 'homes', b.domain, 'httpdocs/b.txt'), 'of b');
  });
  afterAll(() => t.close());

  const bad = [
    '/../../etc',
    '/httpdocs/../../outside',
    '..',
    '/httpdocs/\u0000x',
    '/../.haven-state',
  ];

  it.each(bad)('refuses %j in every path parameter', async (p) => {
    const answers = await Promise.all([
      get('/list', { path: p }),
      get('/size', { path: p }),
      get('/search', { path: p, q: 'x' }),
      get('/content', { path: p }),
      get(`/download${encodeURIComponent(p)}`),
      post('/delete', { paths: [p] }),
      post('/duplicate', { source: p }),
      post('/duplicate', { source: '/httpdocs/ok.txt', target: p }),
      post('/move', { source: p, target: '/httpdocs' }),
      post('/move', { source: '/httpdocs/ok.txt', target: p }),
      post('/rename', { old_path: p, new_path: '/httpdocs/x' }),
      post('/rename', { old_path: '/httpdocs/ok.txt', new_path: `${p}/x` }),
      post('/file', { path: p, name: 'x' }),
      post('/folder', { path: p, name: 'x' }),
      post('/chmod', { path: p, value: '777' }),
      post('/save', { path: `${p}/x.php`, content: 'x' }),
      post('/ticket', { path: p }),
      post('/zip', { path: p, files: ['x'], zip: 'a.zip' }),
      post('/unzip', { path: p }),
      post('/unzip', { path: '/httpdocs/ok.txt', target: p }),
    ]);
    for (const res of answers)
      expect([400, 403, 404, 409, 422], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expect(await readFile(join(home, 'httpdocs/ok.txt'), 'utf8')).toBe('ok');
  });

  it('treats absolute and encoded paths as names inside the home', async () => {
    expect((await get('/list', { path: '/etc' })).statusCode).toBe(404);
    expect((await get('/content', { path: '/etc/passwd' })).statusCode).toBe(404);
    expect((await get('/list', { path: '/%2e%2e/%2e%2e' })).statusCode).toBe(404);
    expect((await get(`/download${encodeURIComponent(`${outside}/secret.txt`)}`)).statusCode).toBe(
      404,
    );
    expect((await get('/download%2F..%2F..%2Foutside%2Fsecret.txt')).statusCode).toBe(422);
  });

  it('shows a link out of the home as a link and never reaches through it', async () => {
    const list = (await get('/list', { path: '/httpdocs' })).json<{
      data: { name: string; type: string; link?: { target: string } }[];
    }>();
    expect(list.data.find((e) => e.name === 'out')).toMatchObject({
      type: 'link',
      link: { target: 'outside' },
    });
    const through = await Promise.all([
      get('/list', { path: '/httpdocs/out' }),
      get('/content', { path: '/httpdocs/out/secret.txt' }),
      get('/content', { path: '/httpdocs/secret-link' }),
      get(`/download${encodeURIComponent('/httpdocs/secret-link')}`),
      get(`/download${encodeURIComponent('/httpdocs/out/secret.txt')}`),
      post('/ticket', { path: '/httpdocs/secret-link' }),
      post('/chmod', { path: '/httpdocs/out', value: '777' }),
      post('/chmod', { path: '/httpdocs/secret-link', value: '777' }),
      post('/rename', { old_path: '/httpdocs/out/secret.txt', new_path: '/httpdocs/stolen.txt' }),
      post('/save', { path: '/httpdocs/secret-link', content: 'pwned', force: true }),
      post('/duplicate', { source: '/httpdocs/out/secret.txt', target: '/httpdocs' }),
      post('/file', { path: '/httpdocs/out', name: 'planted.txt' }),
      post('/unzip', { path: '/httpdocs/secret-link' }),
    ]);
    for (const res of through)
      expect([403, 404, 409, 422], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expect((await get('/size', { path: '/httpdocs/out' })).json()).toEqual({
      size: (await lstat(join(home, 'httpdocs/out'))).size,
    });
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    expect((await stat(join(outside, 'secret.txt'))).mode & 0o777).not.toBe(0o777);

    const { pid } = (
      await post('/zip', {
        path: '/httpdocs',
        files: ['out', 'secret-link', 'ok.txt'],
        zip: 'links.zip',
      })
    ).json<{ pid: string }>();
    await t.ctx.runner.idle();
    expect((await get('/zip/busy', { pid })).json()).toEqual({ busy: false, error: null });
    expect((await readFile(join(home, 'httpdocs/links.zip'))).includes('secret')).toBe(false);
  });

  it.each([
    ['../x', [{ name: '../evil.txt', data: 'x' }]],
    ['a nested ../', [{ name: 'a/../../evil.txt', data: 'x' }]],
    ['an absolute path', [{ name: '/tmp/evil.txt', data: 'x' }]],
    ['a symlink entry', [{ name: 'link', data: '/etc/passwd', mode: 0o120777 }]],
  ])('refuses a zip with %s before writing anything', async (_, entries) => {
    await writeFile(join(home, 'bad.zip'), rawZip(entries));
    const res = await post('/unzip', { path: '/bad.zip' });
    expect(res.json()).toEqual({ custom_message: 'zip_unsafe' });
    await expect(lstat(join(t.dataDir, 'homes', 'evil.txt'))).rejects.toThrow();
    await expect(lstat(join(home, 'link'))).rejects.toThrow();
  });

  it('reaches Haven’s trash and temp folders through no path of the home', async () => {
    await writeFile(join(home, 'httpdocs/trashed.txt'), 'in the trash');
    expect((await post('/delete', { paths: ['/httpdocs/trashed.txt'] })).statusCode).toBe(200);
    const { items } = (await get('/trash')).json<{ items: { id: string; name: string }[] }>();
    const id = items.find((i) => i.name === 'trashed.txt')?.id ?? '';
    const state = join(t.dataDir, 'homes', '.haven-state', a.domain);
    expect(await readFile(join(state, 'trash', id), 'utf8')).toBe('in the trash');
    // What the customer's PHP or FTP client can make in the home: links to the state folder.
    await symlink(state, join(home, 'httpdocs/state'));
    await symlink(join(state, 'trash', id), join(home, 'httpdocs/trashed-link'));
    await symlink(`../../.haven-state/${a.domain}/trash`, join(home, 'httpdocs/rel-trash'));
    const tries = await Promise.all([
      get('/list', { path: '/httpdocs/state' }),
      get('/list', { path: '/httpdocs/state/trash' }),
      get('/list', { path: '/httpdocs/rel-trash' }),
      get('/content', { path: '/httpdocs/trashed-link' }),
      get('/content', { path: `/httpdocs/rel-trash/${id}` }),
      get(`/download${encodeURIComponent('/httpdocs/trashed-link')}`),
      get('/size', { path: '/httpdocs/state/trash' }),
      get('/search', { path: '/httpdocs/state', q: 'trashed' }),
      post('/duplicate', { source: `/httpdocs/state/trash/${id}`, target: '/httpdocs' }),
      post('/move', { source: `/httpdocs/rel-trash/${id}`, target: '/httpdocs' }),
      post('/save', { path: '/httpdocs/trashed-link', content: 'pwned', force: true }),
      post('/save', { path: '/httpdocs/state/tmp/x.php', content: 'x' }),
      post('/delete', { paths: ['/httpdocs/state/trash'] }),
      post('/unzip', { path: '/httpdocs/trashed-link' }),
    ]);
    for (const res of tries) {
      expect([403, 404, 409, 422], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(res.body).not.toContain('in the trash');
    }
    expect(await readFile(join(state, 'trash', id), 'utf8')).toBe('in the trash');
    expect((await stat(join(t.dataDir, 'homes', '.haven-state'))).mode & 0o777).toBe(0o700);
    expect((await post('/trash/restore', { ids: [id] })).statusCode).toBe(200);
    expect(await readFile(join(home, 'httpdocs/trashed.txt'), 'utf8')).toBe('in the trash');
  });

  it('refuses zip bombs by total size and by entry count, and broken archives', async () => {
    await writeFile(join(home, 'big.zip'), rawZip([{ name: 'big.txt', data: 'x'.repeat(5000) }]));
    expect((await post('/unzip', { path: '/big.zip' })).json()).toEqual({
      custom_message: 'zip_too_large',
    });
    await writeFile(
      join(home, 'many.zip'),
      rawZip(Array.from({ length: 60 }, (_, i) => ({ name: `f${i}.txt` }))),
    );
    expect((await post('/unzip', { path: '/many.zip' })).json()).toEqual({
      custom_message: 'zip_too_large',
    });
    await writeFile(join(home, 'broken.zip'), 'not a zip');
    expect((await post('/unzip', { path: '/broken.zip' })).json()).toEqual({
      custom_message: 'zip_invalid',
    });
  });

  it('answers 404 for another customer’s domain and its files', async () => {
    const answers = await Promise.all([
      t.call({ method: 'GET', url: `${base(b.domain)}/list`, query: { path: '/httpdocs' }, token }),
      t.call({
        method: 'GET',
        url: `${base(b.domain)}/download${encodeURIComponent('/httpdocs/b.txt')}`,
        token,
      }),
      t.call({
        method: 'POST',
        url: `${base(b.domain)}/delete`,
        payload: { paths: ['/httpdocs/b.txt'] },
        token,
      }),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${base()}/list` })).statusCode).toBe(401);
    const { ticket } = (await post('/ticket', { path: '/httpdocs/ok.txt' })).json<{
      ticket: string;
    }>();
    expect(
      (await t.call({ method: 'GET', url: `${base(b.domain)}/ticket/${ticket}` })).statusCode,
    ).toBe(404);
    expect(await readFile(join(t.dataDir, 'homes', b.domain, 'httpdocs/b.txt'), 'utf8')).toBe(
      'of b',
    );
  });
});
