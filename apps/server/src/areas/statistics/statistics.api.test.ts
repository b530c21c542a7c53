import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

const stamp = (d: Date) => {
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:10:00:00 +0000`;
};
const today = new Date();
const iso = today.toISOString().slice(0, 10);
const line = (inBytes: number, outBytes: number) =>
  `127.0.0.1 - - [${stamp(today)}] "GET / HTTP/1.1" 200 12 "-" "Mozilla <b>x</b>" ${inBytes} ${outBytes}\n`;

describe('statistics API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  let logs: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    token = await t.login(a);
    logs = join(t.dataDir, 'homes', a.domain, 'logs');
    await mkdir(logs, { recursive: true });
  });
  afterAll(() => t.close());

  const traffic = (query = '', domain = a.domain) =>
    t.call({ method: 'GET', url: `/api/${domain}/statistics/traffic${query}`, token });
  const refresh = () =>
    t.call({ method: 'POST', url: `/api/${a.domain}/statistics/refresh`, token });

  it('answers every day from the first of the month to today, zeros before any log', async () => {
    const res = await traffic();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.from).toBe(`${iso.slice(0, 8)}01`);
    expect(body.to).toBe(iso);
    expect(body.days).toHaveLength(Number(iso.slice(8, 10)));
    expect(body.total.http_out).toBe(0);
    expect(body.refreshed_at).toBeNull();
  });

  it('counts new log lines once, a half-written line later, and follows a rotation', async () => {
    const file = join(logs, 'www.access.log');
    await writeFile(file, line(100, 1000) + line(50, 500) + '127.0.0.1 - - [half');
    expect((await refresh()).statusCode).toBe(200);
    expect((await refresh()).statusCode).toBe(200);
    let total = (await traffic()).json().total;
    expect(total).toMatchObject({ http_in: 150, http_out: 1500, smtp_in: 0, pop3_imap_out: 0 });

    // Finish the half line (not counted: it is not a haven line), rotate as logrotate does,
    // and nginx still writes a line to the renamed file before it reopens.
    await appendFile(file, ' line\n' + line(1, 10));
    await rename(file, `${file}.1`);
    await appendFile(`${file}.1`, line(2, 20));
    await writeFile(file, line(4, 40));
    await refresh();
    const body = (await traffic()).json();
    total = body.total;
    expect(total).toMatchObject({ http_in: 157, http_out: 1570 });
    expect(body.refreshed_at).toBeTypeOf('number');
  });

  it("counts FTP transfers of files in the domain's home from pure-ftpd's transfer log", async () => {
    const home = join(t.dataDir, 'homes', a.domain);
    await mkdir(join(t.dataDir, 'ftp'), { recursive: true });
    const ftp = (verb: string, path: string, n: number) =>
      `127.0.0.1 - web1 [${stamp(today)}] "${verb} ${path}" 200 ${n}\n`;
    await writeFile(
      join(t.dataDir, 'ftp', 'transfer.log'),
      ftp('PUT', `${home}/httpdocs/a.txt`, 300) +
        ftp('GET', `${home}/httpdocs/a.txt`, 30) +
        ftp('PUT', `${join(t.dataDir, 'homes', b.domain)}/httpdocs/b.txt`, 9999),
    );
    await refresh();
    expect((await traffic()).json().total).toMatchObject({ ftp_in: 300, ftp_out: 30 });
  });

  it('refuses a reversed, a years-long, a future or a malformed range', async () => {
    const cases: [string, number, string][] = [
      ['?from=2026-03-10&to=2026-03-01', 422, 'range_reversed'],
      ['?from=2020-01-01&to=2026-01-01', 422, 'range_too_long'],
      ['?from=2999-01-01&to=2999-01-02', 422, 'date_in_future'],
      ['?from=2026-02-30', 422, 'validation'],
      ['?from=../../etc', 422, 'validation'],
    ];
    for (const [q, status, code] of cases) {
      const res = await traffic(q);
      expect(res.statusCode, q).toBe(status);
      expect(res.json().custom_message, q).toBe(code);
    }
  });

  it("answers 404 for another customer's domain on every call", async () => {
    for (const [method, path] of [
      ['GET', 'traffic'],
      ['POST', 'refresh'],
      ['GET', 'overview'],
      ['GET', 'top-mailboxes'],
    ] as const) {
      const res = await t.call({ method, url: `/api/${b.domain}/statistics/${path}`, token });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('measures disk usage (cached with its time), limits from the plan, no mailboxes yet', async () => {
    await mkdir(join(t.dataDir, 'homes', a.domain, 'httpdocs'), { recursive: true });
    await writeFile(join(t.dataDir, 'homes', a.domain, 'httpdocs', 'x.bin'), Buffer.alloc(5000));
    // The refreshes above measured the disk too; what was written since shows after the next.
    await refresh();
    const res = await t.call({ method: 'GET', url: `/api/${a.domain}/statistics/overview`, token });
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.disk_usage.httpdocs).toBeGreaterThanOrEqual(5000);
    expect(o.disk_usage.mailboxes).toBe(0);
    expect(o.limits.disk_space).toBeGreaterThan(0);
    expect(o.limits.warning).toBe(false);
    // Other areas' objects, counted through their exports: the web user made here is counted.
    const before = o.other.ftp_accounts as number;
    const made = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/webhosting/webuser`,
      token,
      payload: { name: `stat${Date.now().toString(36)}`, password: 'Stat-webuser-pw-1!' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const counted = await t.call({
      method: 'GET',
      url: `/api/${a.domain}/statistics/overview`,
      token,
    });
    expect(counted.json().other).toMatchObject({ ftp_accounts: before + 1, databases: 0 });
    expect(counted.json().other.subdomains).toBeGreaterThanOrEqual(0);
    const again = await t.call({
      method: 'GET',
      url: `/api/${a.domain}/statistics/overview`,
      token,
    });
    expect(again.json().disk_usage.measured_at).toBe(o.disk_usage.measured_at);
    const top = await t.call({
      method: 'GET',
      url: `/api/${a.domain}/statistics/top-mailboxes`,
      token,
    });
    expect(top.json()).toEqual({ mailboxes: [] });
  });

  it('gives DOMAIN users no statistics', async () => {
    const d = await t.customer({ type: 'DOMAIN' });
    const res = await t.call({
      method: 'GET',
      url: `/api/${d.domain}/statistics/overview`,
      token: await t.login(d),
    });
    expect(res.statusCode).toBe(403);
  });
});
