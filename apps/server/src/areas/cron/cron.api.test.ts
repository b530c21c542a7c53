import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

describe('cron API (local profile: crontab files, runner, history)', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  const user = `cr${randomBytes(3).toString('hex')}`;
  const base = () => `/api/${a.domain}/webhosting/cronjob`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as = token,
  ) => t.call({ method, url, token: as, ...(payload ? { payload } : {}) });
  const crontab = async () => {
    const files = join(t.dataDir, 'cron', 'crontabs');
    const { readdir } = await import('node:fs/promises');
    const names = await readdir(files).catch(() => [] as string[]);
    return (await Promise.all(names.map((n) => readFile(join(files, n), 'utf8')))).join('');
  };
  const job = (over: object = {}) => ({
    app: 'command',
    name: 'backup',
    script_dir: '',
    script_file: '',
    command: 'echo hello from cron; exit 2',
    logging: true,
    logging_mode: 'append',
    logging_path: '',
    schedule: { minute: '*/15', hour: '*', day: '*', month: '*', dayofweek: '*' },
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer({ premium: true });
    token = await t.login(a);
    const res = await call('POST', `/api/${a.domain}/webhosting/webuser`, {
      name: user,
      password: 'Webuser-pass-1!',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  it('offers the FTP users and the installed PHP versions newest first, then a plain command', async () => {
    const res = await call('GET', base());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ apps: { value: string; text: string }[] }>();
    expect(body).toMatchObject({ premium: true, users: [user] });
    expect(body.apps.at(-1)).toEqual({ value: 'command', text: 'command' });
  });

  let hash = '';
  it('adds a job: its line is in the crontab; run now records a failed run with its output', async () => {
    const res = await call('POST', `${base()}/${user}`, job());
    expect(res.statusCode, res.body).toBe(200);
    hash = res.json().hash;
    expect(hash).toMatch(/^[a-f0-9]{16}$/);
    expect(await crontab()).toContain(`*/15 * * * * ${process.execPath}`);
    const run = await call('POST', `${base()}/${user}/${hash}/run`);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({
      exit_code: 2,
      failed: true,
      trigger: 'manual',
      output: 'hello from cron',
    });
    const detail = (await call('GET', `${base()}/${user}/${hash}`)).json();
    expect(detail.runs).toHaveLength(1);
    const log = await readFile(
      join(t.dataDir, 'homes', a.domain, 'logs', 'cron', `${hash}.log`),
      'utf8',
    );
    expect(log).toContain('hello from cron');
  });

  it('pauses (the line leaves the crontab) and resumes', async () => {
    expect((await call('POST', `${base()}/${user}/${hash}/pause`)).json()).toMatchObject({
      paused: true,
    });
    expect(await crontab()).not.toContain('*/15');
    expect((await call('POST', `${base()}/${user}/${hash}/resume`)).json()).toMatchObject({
      paused: false,
    });
    expect(await crontab()).toContain('*/15');
  });

  it('takes a command with % (date +%s): the crontab line holds none, the shell gets it as typed', async () => {
    const res = await call(
      'POST',
      `${base()}/${user}`,
      job({ name: 'stamp', command: 'date +%s > stamp; echo "100%"', logging: false }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const stamp = res.json<{ hash: string }>().hash;
    expect(await crontab()).toContain(stamp);
    expect(await crontab()).not.toContain('%');
    const run = (await call('POST', `${base()}/${user}/${stamp}/run`)).json();
    expect(run).toMatchObject({ exit_code: 0, output: '100%' });
    const seconds = Number(await readFile(join(t.dataDir, 'homes', a.domain, 'stamp'), 'utf8'));
    expect(Math.abs(seconds - Date.now() / 1000)).toBeLessThan(120);
    await call('DELETE', `${base()}/${user}/${stamp}`);
  });

  it.each([
    [{ name: 'x\ny' }, 'invalid_characters'],
    [{ command: 'echo a\n* * * * * evil' }, 'invalid_characters'],
    [{ name: ' ' }, 'invalid_name'],
    [
      { schedule: { minute: '60', hour: '*', day: '*', month: '*', dayofweek: '*' } },
      'invalid_schedule',
    ],
    [
      { schedule: { minute: '*', hour: '*', day: '0', month: '*', dayofweek: '*' } },
      'invalid_schedule',
    ],
    [
      { schedule: { minute: '*/0', hour: '*', day: '*', month: '*', dayofweek: '*' } },
      'invalid_schedule',
    ],
    [{ app: 'php99', script_file: 'x.php' }, 'unknown_app'],
    [{ script_dir: '../other' }, 'invalid_path'],
    [{ script_dir: 'cron/../../etc' }, 'invalid_path'],
    [{ logging_path: '../../x.log' }, 'invalid_log_path'],
    [{ command: '' }, 'invalid_command'],
    [{ name: 'backup' }, 'name_in_use'],
  ])('refuses %j with %s and leaves the crontab unchanged', async (over, code) => {
    const before = await crontab();
    const res = await call(
      'POST',
      `${base()}/${user}`,
      job({ name: `n${randomBytes(2).toString('hex')}`, ...over }),
    );
    expect(res.json()).toMatchObject({ custom_message: code });
    expect(await crontab()).toBe(before);
  });

  it("refuses an unknown FTP user, another domain's job, and a domain without premium", async () => {
    expect((await call('POST', `${base()}/nosuchuser`, job({ name: 'z' }))).json()).toEqual({
      custom_message: 'unknown_ftp_user',
    });
    const b = await t.customer({ premium: true });
    const tokenB = await t.login(b);
    const other = await call('GET', `${base()}/${user}/${hash}`, undefined, tokenB);
    expect(other.statusCode).toBe(404);
    const c = await t.customer();
    const tokenC = await t.login(c);
    expect(
      (await call('GET', `/api/${c.domain}/webhosting/cronjob`, undefined, tokenC)).json(),
    ).toMatchObject({
      premium: false,
      users: [],
    });
    const refused = await call(
      'POST',
      `/api/${c.domain}/webhosting/cronjob/${user}`,
      job(),
      tokenC,
    );
    expect(refused.json()).toEqual({ custom_message: 'not_premium' });
  });

  it('runs a PHP script of the FTP user with the installed PHP and deletes the job', async () => {
    const apps = (await call('GET', base())).json().apps as { value: string }[];
    if (apps.length < 2) return; // no PHP CLI on this machine: nothing to choose
    const dir = join(t.dataDir, 'homes', a.domain, 'cron');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'task.php'), '<?php echo "php " . PHP_VERSION . "\\n";');
    const res = await call(
      'POST',
      `${base()}/${user}`,
      job({
        name: 'php',
        app: apps[0]?.value,
        script_dir: 'cron',
        script_file: 'task.php',
        command: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const run = (await call('POST', `${base()}/${user}/${res.json().hash}/run`)).json();
    expect(run).toMatchObject({ exit_code: 0, failed: false });
    expect(run.output).toMatch(/^php \d/);
    expect((await call('DELETE', `${base()}/${user}/${res.json().hash}`)).json()).toEqual({
      deleted: true,
    });
    expect(await crontab()).not.toContain(res.json().hash);
  });
});
