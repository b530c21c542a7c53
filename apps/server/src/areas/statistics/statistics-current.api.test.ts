import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Overview, TrafficReport } from '@haven/contract/statistics';
import { startPeriodic } from '../../lib/periodic.ts';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

const stamp = (d: Date) => {
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:10:00:00 +0000`;
};
const line = (inBytes: number, outBytes: number) =>
  `127.0.0.1 - - [${stamp(new Date())}] "GET / HTTP/1.1" 200 12 "-" "curl" ${inBytes} ${outBytes}\n`;

/** Figures that are current without the refresh button (issue 40). */
describe('statistics API: current figures', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let home: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    token = await t.login(a);
    home = join(t.dataDir, 'homes', a.domain);
    await mkdir(join(home, 'logs'), { recursive: true });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.call({ method: 'GET', url: `/api/${a.domain}${url}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const traffic = () => get<TrafficReport>('/statistics/traffic');

  it('reads new log lines by itself within minutes: the area’s periodic, run as the composition root runs it', async () => {
    const area = t.ctx.areas.find((x) => x.name === 'statistics');
    const runs: Promise<void>[] = [];
    // The declared tasks, each run recorded so the test can wait for it (no sleeping).
    const tasks = (area?.periodic ?? []).map((task) => ({
      ...task,
      area: 'statistics',
      run: () => {
        const run = task.run();
        runs.push(run);
        return run;
      },
    }));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await writeFile(join(home, 'logs', 'www.access.log'), line(100, 1000));
    const periodic = startPeriodic(tasks, { warn: () => undefined });
    try {
      // At start: what was logged before the panel started is read without a refresh.
      expect(runs).toHaveLength(1);
      await runs[0];
      let body = await traffic();
      expect(body.total).toMatchObject({ http_in: 100, http_out: 1000 });
      expect(body.refreshed_at).toBeTypeOf('number');

      // Then every few minutes: a line logged now is counted five minutes later at the latest.
      await writeFile(join(home, 'logs', 'www.access.log'), line(100, 1000) + line(5, 50));
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(runs).toHaveLength(2);
      await runs[1];
      body = await traffic();
      expect(body.total).toMatchObject({ http_in: 105, http_out: 1050 });
    } finally {
      await periodic.stop();
    }
  });

  it('shows one disk usage on the dashboard, the statistics and the file manager: the one the quota enforces', async () => {
    // Files where the web serves them, and where it does not (logs, private, the top of the home).
    await mkdir(join(home, 'httpdocs'), { recursive: true });
    await mkdir(join(home, 'private'), { recursive: true });
    await mkdir(join(home, 'subdomains', 'blog'), { recursive: true });
    await writeFile(join(home, 'httpdocs', 'index.html'), Buffer.alloc(5_000));
    await writeFile(join(home, 'subdomains', 'blog', 'a.bin'), Buffer.alloc(2_000));
    await writeFile(join(home, 'private', 'backup.zip'), Buffer.alloc(300_000));
    await writeFile(join(home, 'top.txt'), Buffer.alloc(1_000));

    const agree = async () => {
      const overview = await get<Overview>('/statistics/overview');
      const fm = await get<{ used: number; limit: number }>('/webhosting/filemanager/usage');
      const d = overview.disk_usage;
      const parts =
        d.httpdocs + d.httpsdocs + d.subdomains + d.other_files + (d.databases ?? 0) + d.mailboxes;
      expect(overview.limits.disk_used).toBe(fm.used);
      expect(overview.limits.disk_space).toBe(fm.limit);
      return { overview, parts, used: fm.used };
    };

    let now = await agree();
    expect(now.parts).toBe(now.used);
    expect(now.overview.disk_usage.httpdocs).toBe(5_000);
    expect(now.overview.disk_usage.subdomains).toBe(2_000);
    expect(now.overview.disk_usage.other_files).toBeGreaterThanOrEqual(301_000);

    // A save in the file manager counts at once, everywhere.
    const save = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/webhosting/filemanager/save`,
      token,
      payload: { path: '/httpdocs/new.txt', content: 'y'.repeat(40_000) },
    });
    expect(save.statusCode, save.body).toBe(200);
    const saved = await agree();
    expect(saved.used).toBe(now.used + 40_000);

    // What FTP or PHP wrote shows after the refresh (the dashboard's and the statistics' button).
    await writeFile(join(home, 'httpdocs', 'upload.bin'), '');
    await truncate(join(home, 'httpdocs', 'upload.bin'), 50_000_000); // sparse: its size is what counts
    const refresh = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/statistics/refresh`,
      token,
    });
    expect(refresh.statusCode).toBe(200);
    now = await agree();
    expect(now.used).toBe(saved.used + 50_000_000);
    expect(now.parts).toBe(now.used);
    expect(now.overview.disk_usage.httpdocs).toBe(5_000 + 40_000 + 50_000_000);
    expect(now.overview.disk_usage.measured_at).toBeGreaterThanOrEqual(
      saved.overview.disk_usage.measured_at,
    );
  });
});
