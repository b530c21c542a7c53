import { link, lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { rawZip } from '../../../test/support/test-zip.ts';

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

/** Nothing half-made: refused work leaves nothing, and races do not lose writes (issue 17). */
describe('file manager API: state on failure', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let home: string;
  const base = () => `/api/${a.domain}/webhosting/filemanager`;
  const get = (url: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: `${base()}${url}`, query, token });
  const post = (url: string, payload: object) =>
    t.call({ method: 'POST', url: `${base()}${url}`, payload, token });
  const up = (query: Record<string, string>, files: [string, string][]) =>
    t.call({ method: 'POST', url: `${base()}/upload`, query, token, ...form(files) });
  const exists = (rel: string) =>
    lstat(join(home, rel)).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.runner.start();
    a = await t.customer();
    token = await t.login(a);
    home = join(t.dataDir, 'homes', a.domain);
  });
  afterAll(() => t.close());

  it('answers node_unavailable while the domain’s node does not answer', async () => {
    await t.ctx.nodes.agent.stop();
    try {
      const res = await get('/list', { path: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ custom_message: 'node_unavailable' });
    } finally {
      await t.ctx.nodes.agent.start();
    }
    expect((await get('/list', { path: '/' })).statusCode).toBe(200);
  });

  it('leaves no file of an upload refused for too many parts', async () => {
    const parts = Array.from({ length: 1001 }, (_, i): [string, string] => [`p${i}.txt`, 'x']);
    const res = await up({ path: '/httpdocs', dir: 'many' }, parts);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(await exists('httpdocs/many/p0.txt')).toBe(false);
  });

  it('asks before uploading over an existing name', async () => {
    await writeFile(join(home, 'httpdocs/taken.txt'), 'old');
    const res = await up({ path: '/httpdocs' }, [['taken.txt', 'new']]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ custom_message: 'exists' });
    expect(await readFile(join(home, 'httpdocs/taken.txt'), 'utf8')).toBe('old');
    const again = await up({ path: '/httpdocs', overwrite: 'true' }, [['taken.txt', 'new']]);
    expect(again.statusCode, again.body).toBe(200);
    expect(await readFile(join(home, 'httpdocs/taken.txt'), 'utf8')).toBe('new');
  });

  it('removes what an unzip wrote when it fails midway', async () => {
    const zip = rawZip([
      { name: 'half/one.txt', data: 'one' },
      { name: 'half/two.txt', data: 'two' },
    ]);
    // The second entry's local header is broken: only extraction (not the check) reads it.
    const second = 30 + 'half/one.txt'.length + 3;
    zip.writeUInt32LE(0xdeadbeef, second);
    await writeFile(join(home, 'httpdocs/half.zip'), zip);
    const res = await post('/unzip', { path: '/httpdocs/half.zip' });
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.runner.idle();
    expect((await get('/zip/busy', res.json<{ pid: string }>())).json()).toMatchObject({
      busy: false,
      error: expect.any(String),
    });
    expect(await exists('httpdocs/half/one.txt')).toBe(false);
    expect(await exists('httpdocs/half')).toBe(false);
  });

  it('refuses stale saves atomically: of ten parallel saves of one version, one wins', async () => {
    await writeFile(join(home, 'httpdocs/race.txt'), 'v0');
    const { version } = (await get('/content', { path: '/httpdocs/race.txt' })).json<{
      version: string;
    }>();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/save', { path: '/httpdocs/race.txt', content: `v${i + 1}`, version }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect(r.json()).toEqual({ custom_message: 'changed_on_disk' });
  });

  it('refuses names of only spaces', async () => {
    for (const [url, body] of [
      ['/file', { path: '/httpdocs', name: '   ' }],
      ['/folder', { path: '/httpdocs', name: ' ' }],
      ['/rename', { old_path: '/httpdocs/race.txt', new_path: '/httpdocs/  ' }],
    ] as const) {
      const res = await post(url, body);
      expect([409, 422], `${url} ${res.body}`).toContain(res.statusCode);
    }
    expect((await up({ path: '/httpdocs' }, [['  ', 'x']])).statusCode).toBe(422);
    expect(await exists('httpdocs/   ')).toBe(false);
    expect(await exists('httpdocs/  ')).toBe(false);
  });

  it('refuses hard-linked files for content read, duplicate and zip', async () => {
    await mkdir(join(home, 'httpdocs/hl'));
    await writeFile(join(t.dataDir, 'elsewhere.txt'), 'not yours');
    await link(join(t.dataDir, 'elsewhere.txt'), join(home, 'httpdocs/hl/hard.txt'));
    expect((await get('/content', { path: '/httpdocs/hl/hard.txt' })).statusCode).toBe(403);
    expect((await post('/duplicate', { source: '/httpdocs/hl/hard.txt' })).statusCode).toBe(403);
    expect(await exists('httpdocs/hl/hard (copy).txt')).toBe(false);
    const res = await post('/zip', { path: '/httpdocs', files: ['hl'], zip: 'hl.zip' });
    if (res.statusCode === 200) {
      await t.ctx.runner.idle();
      const zipped = await readFile(join(home, 'httpdocs/hl.zip')).catch(() => Buffer.alloc(0));
      expect(zipped.includes('not yours')).toBe(false);
    } else expect(res.statusCode).toBe(403);
  });

  it('re-checks a relative link from its new place on move and duplicate', async () => {
    await mkdir(join(home, 'httpdocs/deep/er'), { recursive: true });
    await writeFile(join(home, 'private/x.txt'), 'x');
    // From httpdocs/deep/er it leads to /private/x.txt; one folder higher it leads out of the home.
    await symlink('../../../private/x.txt', join(home, 'httpdocs/deep/er/rel'));
    const moved = await post('/move', { source: '/httpdocs/deep/er/rel', target: '/httpdocs' });
    expect(moved.json()).toEqual({ custom_message: 'link_refused' });
    expect(await exists('httpdocs/deep/er/rel')).toBe(true);
    const copied = await post('/duplicate', {
      source: '/httpdocs/deep/er/rel',
      target: '/httpdocs',
    });
    expect(copied.json()).toEqual({ custom_message: 'link_refused' });
    expect(await exists('httpdocs/rel')).toBe(false);
    const folder = await post('/duplicate', { source: '/httpdocs/deep/er', target: '/httpdocs' });
    expect(folder.json()).toEqual({ custom_message: 'link_refused' });
    expect(await exists('httpdocs/er')).toBe(false);
    const ok = await post('/duplicate', { source: '/httpdocs/deep/er/rel' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lists a name that is not UTF-8 (made over FTP), escaped, so it can be renamed', async () => {
    const bytes = Buffer.from('caf\xe9.txt', 'latin1');
    await mkdir(join(home, 'httpdocs/ftp'));
    await writeFile(Buffer.concat([Buffer.from(`${join(home, 'httpdocs/ftp')}/`), bytes]), 'F');
    const listed = (await get('/list', { path: '/httpdocs/ftp' })).json<{
      data: { name: string; raw_name?: string; type: string }[];
    }>().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ type: 'file', raw_name: bytes.toString('base64url') });
    expect(listed[0]!.name).toMatch(/^caf.+\.txt$/);
    const renamed = await post('/rename-raw', {
      path: '/httpdocs/ftp',
      raw_name: listed[0]!.raw_name,
      name: 'cafe.txt',
    });
    expect(renamed.json()).toEqual({ path: '/httpdocs/ftp/cafe.txt' });
    expect(await readFile(join(home, 'httpdocs/ftp/cafe.txt'), 'utf8')).toBe('F');
    const again = await post('/rename-raw', {
      path: '/httpdocs/ftp',
      raw_name: listed[0]!.raw_name,
      name: 'x.txt',
    });
    expect(again.statusCode).toBe(404);
  });
});
