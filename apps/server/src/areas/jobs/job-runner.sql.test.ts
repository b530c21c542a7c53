import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

describe('SQL job runner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.runner.register<{ n: number }, { doubled: number }>('double', {
      resumable: true,
      run: async ({ payload, progress }) => {
        await progress(50);
        return { doubled: payload.n * 2 };
      },
    });
    t.ctx.runner.register('explode', {
      resumable: false,
      run: async () => {
        throw Object.assign(new Error('boom'), { code: 'disk_full' });
      },
    });
    await t.ctx.runner.start();
  });
  afterAll(() => t.close());

  it('runs a job and shows its result to the domain that owns it only', async () => {
    const a = await t.customer();
    const b = await t.customer();
    const domainA = await t.ctx.customers.domainByName(a.domain);
    const id = await t.ctx.runner.enqueue('double', domainA!.id, { n: 21 });
    await t.ctx.runner.idle();
    const token = await t.login(a);
    const res = await t.call({ method: 'GET', url: `/api/${a.domain}/job/${id}`, token });
    expect(res.json()).toMatchObject({
      id,
      kind: 'double',
      state: 'done',
      progress: 100,
      result: { doubled: 42 },
      error: null,
    });
    const other = await t.call({
      method: 'GET',
      url: `/api/${b.domain}/job/${id}`,
      token: await t.login(b),
    });
    expect(other.statusCode).toBe(404);
  });

  it('records a failure with its code', async () => {
    const a = await t.customer();
    const domain = await t.ctx.customers.domainByName(a.domain);
    const id = await t.ctx.runner.enqueue('explode', domain!.id, {});
    await t.ctx.runner.idle();
    const res = await t.call({
      method: 'GET',
      url: `/api/${a.domain}/job/${id}`,
      token: await t.login(a),
    });
    expect(res.json()).toMatchObject({ state: 'failed', error: 'disk_full' });
  });

  it('after a restart, requeues resumable jobs and fails the others as interrupted', async () => {
    const now = Date.now();
    const row = {
      kind: 'double',
      domain_id: null,
      state: 'running' as const,
      progress: 10,
      payload: '{"n":1}',
      result: null,
      error: null,
      attempts: 1,
      worker: 'gone',
      created_at: now,
      updated_at: now,
    };
    await t.ctx.db
      .insertInto('jobs')
      .values([
        { ...row, id: '00000000-0000-4000-8000-000000000001' },
        { ...row, id: '00000000-0000-4000-8000-000000000002', kind: 'explode' },
      ])
      .execute();
    await t.ctx.runner.stop();
    await t.ctx.runner.start();
    await t.ctx.runner.idle();
    expect((await t.ctx.jobsStore.byId('00000000-0000-4000-8000-000000000001'))?.state).toBe(
      'done',
    );
    expect(await t.ctx.jobsStore.byId('00000000-0000-4000-8000-000000000002')).toMatchObject({
      state: 'failed',
      error: 'interrupted',
    });
  });
});
