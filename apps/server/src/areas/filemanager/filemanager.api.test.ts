import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { rawZip } from '../../../test/support/test-zip.ts';

/** Everyday operations, through the API onto the real home on disk. */
describe('file manager API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let home: string;
  const base = () => `/api/${a.domain}/webhosting/filemanager`;
  const get = (url: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: `${base()}${url}`, query, token });
  const post = (url: string, payload: object) =>
    t.call({ method: 'POST', url: `${base()}${url}`, payload, token });
  const names = async (path: string) =>
    (await get('/list', { path }))
      .json<{ data: { name: string }[] }>()
      .data.map((e) => e.name)
      .sort();

  beforeAll(async () => {
    t = await createTestApp({ env: { HAVEN_UPLOAD_MAX_MB: '0.01' } });
    await t.ctx.runner.start();
    a = await t.customer();
    token = await t.login(a);
    home = join(t.dataDir, 'homes', a.domain);
  });
  afterAll(() => t.close());

  it('lists the home with its standard folders; a customer’s `.haven` is an ordinary folder', async () => {
    await mkdir(join(home, '.haven'), { recursive: true });
    await writeFile(join(home, '.haven/mine.txt'), 'mine');
    const res = await get('/list', { path: '/' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      path: string;
      data: { name: string; type: string; permissions: string }[];
      max_size: number;
    }>();
    expect(body.path).toBe('/');
    expect(body.max_size).toBe(10_000);
    expect(body.data.map((e) => e.name)).toEqual(
      expect.arrayContaining(['httpdocs', 'logs', 'private']),
    );
    expect(body.data.map((e) => e.name)).toContain('.haven');
    expect(body.data.find((e) => e.name === 'httpdocs')).toMatchObject({
      type: 'directory',
      permissions: expect.stringMatching(/^[0-7]{4}$/),
    });
  });

  it('creates, renames, duplicates, moves and chmods', async () => {
    expect((await post('/folder', { path: '/httpdocs', name: 'site' })).json()).toEqual({
      path: '/httpdocs/site',
    });
    expect((await post('/file', { path: '/httpdocs/site', name: 'index.php' })).json()).toEqual({
      path: '/httpdocs/site/index.php',
    });
    expect((await post('/file', { path: '/httpdocs/site', name: 'index.php' })).json()).toEqual({
      custom_message: 'exists',
    });
    expect((await post('/file', { path: '/httpdocs', name: 'café.txt' })).statusCode).toBe(422);
    expect(
      (
        await post('/rename', {
          old_path: '/httpdocs/site/index.php',
          new_path: '/httpdocs/site/index.php',
        })
      ).json(),
    ).toEqual({ path: '/httpdocs/site/index.php' });
    expect(
      (
        await post('/rename', {
          old_path: '/httpdocs/site/index.php',
          new_path: '/httpdocs/site/home.php',
        })
      ).json(),
    ).toEqual({ path: '/httpdocs/site/home.php' });
    expect((await post('/duplicate', { source: '/httpdocs/site/home.php' })).json()).toEqual({
      path: '/httpdocs/site/home (copy).php',
    });
    expect(
      (
        await post('/move', { source: '/httpdocs/site/home (copy).php', target: '/private/' })
      ).json(),
    ).toEqual({ path: '/private/home (copy).php' });
    expect(
      (await post('/move', { source: '/httpdocs/site', target: '/httpdocs/site' })).json(),
    ).toEqual({ custom_message: 'into_itself' });
    expect(
      (await post('/chmod', { path: '/httpdocs/site/home.php', value: '600' })).json(),
    ).toEqual({ ok: true });
    expect((await stat(join(home, 'httpdocs/site/home.php'))).mode & 0o777).toBe(0o600);
    expect(
      (await post('/chmod', { path: '/httpdocs/site/home.php', value: '800' })).statusCode,
    ).toBe(422);
    expect((await post('/rename', { old_path: '/httpdocs', new_path: '/www' })).json()).toEqual({
      custom_message: 'invalid_path',
    });
  });

  it('edits atomically and asks before overwriting a file changed on disk', async () => {
    await writeFile(join(home, 'httpdocs/edit.php'), '<?php echo 1;');
    const opened = (await get('/content', { path: '/httpdocs/edit.php' })).json<{
      content: string;
      version: string;
    }>();
    expect(opened.content).toBe('<?php echo 1;');
    const saved = await post('/save', {
      path: '/httpdocs/edit.php',
      content: '<?php echo 2;',
      version: opened.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (
        await post('/save', { path: '/httpdocs/edit.php', content: 'x', version: opened.version })
      ).json(),
    ).toEqual({ custom_message: 'changed_on_disk' });
    expect(
      (
        await post('/save', {
          path: '/httpdocs/edit.php',
          content: 'x',
          version: opened.version,
          force: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await readFile(join(home, 'httpdocs/edit.php'), 'utf8')).toBe('x');
    await writeFile(join(home, 'httpdocs/bin.dat'), Buffer.from([1, 0, 2]));
    expect((await get('/content', { path: '/httpdocs/bin.dat' })).json()).toEqual({
      custom_message: 'binary_file',
    });
  });

  it('uploads by multipart into a sub folder and refuses a file over max_size without leaving it', async () => {
    const form = (files: [string, string][]) => {
      const b = 'haven-boundary';
      const body =
        files
          .map(
            ([n, d]) =>
              `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${n}"\r\nContent-Type: text/plain\r\n\r\n${d}\r\n`,
          )
          .join('') + `--${b}--\r\n`;
      return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
    };
    const up = (query: Record<string, string>, files: [string, string][]) =>
      t.call({ method: 'POST', url: `${base()}/upload`, query, token, ...form(files) });
    const ok = await up({ path: '/httpdocs', dir: 'up/sub' }, [
      ['a.txt', 'A'],
      ['b.txt', 'B'],
    ]);
    expect(ok.json()).toEqual({ paths: ['/httpdocs/up/sub/a.txt', '/httpdocs/up/sub/b.txt'] });
    const big = await up({ path: '/httpdocs' }, [['big.txt', 'x'.repeat(20_000)]]);
    expect(big.json()).toEqual({ custom_message: 'max_size' });
    expect(await names('/httpdocs')).not.toContain('big.txt');
    expect((await get('/list', { path: '/httpdocs' })).statusCode).toBe(200);
  });

  it('downloads as an attachment, by header and by single-use ticket', async () => {
    await writeFile(join(home, 'httpdocs/page.html'), '<script>alert(1)</script>');
    const res = await get(`/download${encodeURIComponent('/httpdocs/page.html')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const { ticket } = (await post('/ticket', { path: '/httpdocs/page.html' })).json<{
      ticket: string;
    }>();
    const first = await t.call({ method: 'GET', url: `${base()}/ticket/${ticket}` });
    expect(first.body).toBe('<script>alert(1)</script>');
    expect((await t.call({ method: 'GET', url: `${base()}/ticket/${ticket}` })).statusCode).toBe(
      404,
    );
  });

  it('zips and unzips as jobs the client polls', async () => {
    await mkdir(join(home, 'httpdocs/z/dir'), { recursive: true });
    await writeFile(join(home, 'httpdocs/z/one.txt'), 'one');
    await writeFile(join(home, 'httpdocs/z/dir/two.txt'), 'two');
    const { pid } = (
      await post('/zip', { path: '/httpdocs/z', files: ['one.txt', 'dir'], zip: 'out.zip' })
    ).json<{ pid: string }>();
    await t.ctx.runner.idle();
    expect((await get('/zip/busy', { pid })).json()).toEqual({ busy: false, error: null });
    await post('/folder', { path: '/httpdocs', name: 'x' });
    const un = await post('/unzip', { path: '/httpdocs/z/out.zip', target: '/httpdocs/x' });
    expect(un.statusCode, un.body).toBe(200);
    await t.ctx.runner.idle();
    expect(await readFile(join(home, 'httpdocs/x/dir/two.txt'), 'utf8')).toBe('two');
    expect(
      (await post('/unzip', { path: '/httpdocs/z/out.zip', target: '/httpdocs/x' })).json(),
    ).toEqual({ custom_message: 'exists' });
    expect(
      (
        await post('/unzip', {
          path: '/httpdocs/z/out.zip',
          target: '/httpdocs/x',
          overwrite: true,
        })
      ).statusCode,
    ).toBe(200);
    await t.ctx.runner.idle();
    await writeFile(join(home, 'httpdocs/plain.zip'), rawZip([{ name: 'p/q.txt', data: 'Q' }]));
    await post('/unzip', { path: '/httpdocs/plain.zip' });
    await t.ctx.runner.idle();
    expect(await readFile(join(home, 'httpdocs/p/q.txt'), 'utf8')).toBe('Q');
  });

  it('deletes to the trash, restores and empties', async () => {
    await writeFile(join(home, 'httpdocs/trash-me.txt'), 't');
    expect((await post('/delete', { paths: ['/httpdocs/trash-me.txt'] })).json()).toEqual({
      ok: true,
    });
    expect(await names('/httpdocs')).not.toContain('trash-me.txt');
    const { items } = (await get('/trash')).json<{
      items: { id: string; original_path: string }[];
    }>();
    expect(items[0]).toMatchObject({ original_path: '/httpdocs/trash-me.txt' });
    expect((await post('/trash/restore', { ids: [items[0]!.id] })).json()).toEqual({
      paths: ['/httpdocs/trash-me.txt'],
    });
    await post('/delete', { paths: ['/httpdocs/trash-me.txt'] });
    expect((await post('/trash/empty', {})).json()).toEqual({ ok: true });
    expect((await get('/trash')).json<{ items: unknown[] }>().items).toEqual([]);
    expect((await post('/delete', { paths: ['/httpdocs'] })).json()).toEqual({
      custom_message: 'invalid_path',
    });
  });

  it('refuses moving between the main user and an FTP user with its own folder', async () => {
    const row = await t.ctx.customers.domainByName(a.domain);
    const now = Date.now();
    await t.ctx.db
      .insertInto('webusers')
      .values({
        domain_id: row!.id,
        name: `fm${now % 100000}`,
        password_hash: 'x',
        home: 'httpdocs',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writeFile(join(home, 'private/secret.txt'), 's');
    expect(
      (await post('/move', { source: '/private/secret.txt', target: '/httpdocs' })).json(),
    ).toEqual({ custom_message: 'move_between_users' });
    expect(
      (await post('/move', { source: '/httpdocs/edit.php', target: '/private' })).statusCode,
    ).toBe(403);
  });

  it('searches by name and sizes a folder on demand', async () => {
    const found = (await get('/search', { path: '/httpdocs', q: 'TWO' })).json<{
      data: { path: string }[];
    }>();
    expect(found.data.map((e) => e.path)).toContain('/httpdocs/z/dir/two.txt');
    expect((await get('/size', { path: '/httpdocs/z/dir' })).json()).toEqual({ size: 3 });
  });
});
