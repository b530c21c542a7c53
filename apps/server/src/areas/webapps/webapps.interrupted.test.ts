import { access, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { INSTALL_JOB } from './install-job.ts';

/**
 * A restart in the middle of an install: the job was `running` under a worker that is gone.
 * At start the area undoes what the row recorded, removes the row and drops the staging copy;
 * the runner then fails the job as `interrupted`, which is what the add screen shows.
 */
describe('web apps: an install interrupted by a restart', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  const docroot = () => join(t.dataDir, 'homes', a.domain, 'subdomains', 'blog');

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    token = await t.login(a);
    const res = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/webhosting/subdomain`,
      token,
      payload: { name: 'blog', phpHandlerId: null, ftpAccount: null },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  /** A row and its job as a process that died mid-install left them. */
  async function leftBehind(directory: string, jobId: string, jobState: 'running' | 'queued') {
    const domain = await t.ctx.customers.domainByName(a.domain);
    if (!domain) throw new Error('no domain');
    const now = Date.now();
    const row = await t.ctx.db
      .insertInto('webapps')
      .values({
        domain_id: domain.id,
        package_key: 'wordpress-6.1',
        name: 'WordPress 6.1.9',
        version: '6.1.9',
        subdomain: 'blog',
        directory,
        protocol: 'http',
        admin_path: 'beheer',
        state: 'installing',
        job_id: jobId,
        error: null,
        placed: JSON.stringify({ names: ['index.php', 'wp-admin'], createdFolder: true }),
        database_name: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('jobs')
      .values({
        id: jobId,
        kind: INSTALL_JOB,
        domain_id: domain.id,
        state: jobState,
        progress: jobState === 'running' ? 80 : 0,
        payload: JSON.stringify({ webappId: row.id }),
        result: null,
        error: null,
        attempts: jobState === 'running' ? 1 : 0,
        worker: jobState === 'running' ? 'gone' : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return row.id;
  }

  it('removes what the install made and its row; the job fails as interrupted', async () => {
    const running = '00000000-0000-4000-8000-0000000000a1';
    const queued = '00000000-0000-4000-8000-0000000000a2';
    await leftBehind('site', running, 'running');
    const waiting = await leftBehind('later', queued, 'queued');
    await mkdir(join(docroot(), 'site', 'wp-admin'), { recursive: true });
    await writeFile(join(docroot(), 'site', 'index.php'), '<?php');
    await writeFile(join(docroot(), 'keep.html'), 'mine');
    const staging = join(t.dataDir, 'homes', '.webapp-staging');
    await mkdir(join(staging, '0123456789abcdef', 'wp-includes'), { recursive: true });

    // The composition root's order: areas start, then the runner.
    await t.ctx.runner.stop();
    const webapps = t.ctx.areas.find((area) => area.name === 'webapps');
    await webapps?.start?.();

    await expect(access(join(docroot(), 'site'))).rejects.toThrow();
    expect(await readdir(docroot())).toEqual(['keep.html']);
    expect(await readdir(staging)).toEqual([]);
    const rows = await t.ctx.db.selectFrom('webapps').select(['id', 'state']).execute();
    // The queued install is left to its job (it fails without its secrets and removes its row).
    expect(rows).toEqual([{ id: waiting, state: 'installing' }]);

    await t.ctx.runner.start();
    await t.ctx.runner.idle();
    expect(await t.ctx.jobsStore.byId(running)).toMatchObject({
      state: 'failed',
      error: 'interrupted',
    });
    expect(await t.ctx.jobsStore.byId(queued)).toMatchObject({ state: 'failed' });
    const list = await t.call({ method: 'GET', url: `/api/${a.domain}/webhosting/webapp`, token });
    expect(list.json()).toEqual({ webapps: [] });
  });
});
