import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { LOG_LIMITS } from '@haven/contract';
import { createLocalSiteLogs } from '../../platform/site-logs/site-logs.local.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';
import { createLogsService } from './logs.service.ts';
import { createLogsStore } from './logs.store.ts';
import type { LogsTables } from './logs.tables.ts';

const line = (i: number, status = 200, ip = '127.0.0.1') =>
  `${ip} - - [25/Nov/2026:05:00:00 +0000] "GET /p${i} HTTP/1.1" ${status} 12 "-" "agent <b>${i}</b>" 80 200`;

describe('logs API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  let logs: string;
  const base = (domain = a.domain) => `/api/${domain}/webhosting/log`;
  const get = (url: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: `${base()}${url}`, query, token });

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    token = await t.login(a);
    logs = join(t.dataDir, 'homes', a.domain, 'logs');
    await mkdir(logs, { recursive: true });
    const lines = Array.from({ length: 2500 }, (_, i) => line(i + 1, i % 10 === 0 ? 404 : 200));
    await writeFile(join(logs, 'www.access.log'), `${lines.join('\n')}\n`);
    await writeFile(join(logs, 'www.error.log'), '');
    await writeFile(join(logs, 'big.access.log'), Buffer.alloc(8_000_001, 0x61));
    await writeFile(join(t.dataDir, 'secret.access.log'), 'secret\n');
    await symlink(join(t.dataDir, 'secret.access.log'), join(logs, 'evil.access.log'));
    await mkdir(join(t.dataDir, 'homes', b.domain, 'logs'), { recursive: true });
    await writeFile(join(t.dataDir, 'homes', b.domain, 'logs', 'www.access.log'), 'of b\n');
  });
  afterAll(() => t.close());

  it('lists the logs with size and compression, links left out', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ logs: { name: string }[] }>().logs;
    const names = list.map((l) => l.name);
    expect(names).toEqual(['big.access.log', 'www.access.log', 'www.error.log']);
    const big = list[0];
    expect(big).toMatchObject({ filesize: 8_000_001, compression: 'none', viewable: false });
  });

  it('pages newest first, 1000 lines, lines as text', async () => {
    const p1 = (await get('/www.access.log')).json();
    expect(p1.lines).toHaveLength(1000);
    expect(p1.lines[999]).toBe(line(2500, 200));
    expect(p1.lines[0]).toContain('/p1501 ');
    expect(p1.has_older).toBe(true);
    const p3 = (await get('/www.access.log', { page: '3' })).json();
    expect(p3.lines).toHaveLength(500);
    expect(p3.lines[0]).toContain('/p1 ');
    expect(p3.has_older).toBe(false);
    expect((await get('/www.access.log', { page: '4' })).json().custom_message).toBe(
      'page_out_of_range',
    );
    expect((await get('/www.access.log', { page: '-1' })).statusCode).toBe(422);
    expect((await get('/www.access.log', { page: 'x' })).statusCode).toBe(422);
    expect((await get('/www.error.log')).json()).toMatchObject({ lines: [], has_older: false });
  });

  it('filters by status, client and text', async () => {
    const s = (await get('/www.access.log/filter', { status: '404' })).json<{
      lines: string[];
      matched: number;
    }>();
    expect(s.matched).toBe(250);
    expect(s.lines.every((l) => l.includes('" 404 '))).toBe(true);
    const x = (await get('/www.access.log/filter', { text: '<B>2499</b>' })).json();
    expect(x).toEqual({ lines: [line(2499)], matched: 1 });
    const c = (await get('/www.access.log/filter', { client: '10.0.0.1' })).json();
    expect(c.matched).toBe(0);
    expect((await get('/www.access.log/filter')).statusCode).toBe(422);
  });

  it('refuses bad names, links, other customers and the viewer over 8 MB', async () => {
    const code = async (url: string) =>
      (await get(url)).json<{ custom_message: string }>().custom_message;
    expect(await code('/..%2F..%2Fsecret.access.log')).toBe('log_refused');
    expect(await code('/%2Fetc%2Fpasswd')).toBe('log_refused');
    expect(await code('/evil.access.log')).toBe('log_refused');
    expect(await code('/evil.access.log/filter?text=s')).toBe('log_refused');
    expect(await code('/nope.access.log')).toBe('log_not_found');
    expect(await code('/big.access.log')).toBe('log_not_viewable');
    const other = await t.call({ method: 'GET', url: base(b.domain), token });
    expect(other.statusCode).toBe(404);
  });

  it('downloads the whole file with a single-use ticket', async () => {
    const post = (name: string) =>
      t.call({ method: 'POST', url: `${base()}/${name}/download-ticket`, token });
    expect((await post('evil.access.log')).json().custom_message).toBe('log_refused');
    const { ticket } = (await post('big.access.log')).json();
    const url = `${base()}/big.access.log/download?ticket=${ticket}`;
    const res = await t.call({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(8_000_001);
    expect((await t.call({ method: 'GET', url })).json().custom_message).toBe('ticket_invalid');
  });

  it('rotates: .log -> .1, the old .1 -> .2.gz, a bounded number kept', async () => {
    // The area's own service over the app's database (the module keeps it to itself).
    const local = createLocalSiteLogs({ lineMaxBytes: LOG_LIMITS.lineMaxBytes });
    const svc = createLogsService({
      logs: () => local,
      store: createLogsStore(t.ctx.database.db.withTables<LogsTables>()),
      clock: t.ctx.clock,
      logger: t.ctx.logger,
      settings: t.ctx.config.logs,
      homeOf: (domain) => t.ctx.webspace.homeOf(domain),
      reopenLogs: async () => false,
      domainById: async () => undefined,
    });
    const id = (await t.ctx.customers.domainByName(a.domain))!.id;
    const domain = { id, name: a.domain, node: LOCAL_NODE };
    await writeFile(join(logs, 'www.access.log'), 'first\n');
    await svc.rotateDue(domain, true);
    await writeFile(join(logs, 'www.access.log'), 'second\n');
    await svc.rotateDue(domain, true);
    expect(await readFile(join(logs, 'www.access.log.1'), 'utf8')).toBe('second\n');
    expect(gunzipSync(await readFile(join(logs, 'www.access.log.2.gz'))).toString()).toBe(
      'first\n',
    );
    for (let i = 0; i < 8; i += 1) {
      await writeFile(join(logs, 'www.access.log'), `more ${i}\n`);
      await svc.rotateDue(domain, true);
    }
    const names = (await readdir(logs)).filter((n) => n.startsWith('www.access.log.'));
    expect(names.sort()).toEqual([
      'www.access.log.1',
      ...[2, 3, 4, 5, 6, 7].map((n) => `www.access.log.${n}.gz`),
    ]);
    const list = (await get('')).json().logs as { name: string; compression: string }[];
    expect(list.find((l) => l.name === 'www.access.log.2.gz')?.compression).toBe('gz');
    expect((await get('/www.access.log.2.gz')).json().custom_message).toBe('log_not_viewable');
    // The link planted in the folder was never followed or compressed.
    expect(await readFile(join(t.dataDir, 'secret.access.log'), 'utf8')).toBe('secret\n');
  });
});
