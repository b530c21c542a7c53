import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@haven/contract';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

/** Fair use (issue #17): one customer's queue never holds up another's jobs. */
describe('job runner fairness', () => {
  let t: TestApp;
  let open: () => void = () => {};
  let gate = Promise.resolve();
  const closeGate = () => {
    open(); // a failed test's held jobs go on, so the next test starts with free slots
    gate = new Promise<void>((resolve) => (open = resolve));
  };
  const domainOf = async () => {
    const c = await t.customer();
    return (await t.ctx.customers.domainByName(c.domain))!.id;
  };
  const stateOf = async (id: string) => (await t.ctx.jobsStore.byId(id))?.state;
  const statesOf = async (ids: string[]) => Promise.all(ids.map(stateOf));
  // Resolved by the quick job's handler: the event the first test waits for.
  let quickRan: () => void = () => {};

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.runner.register('hold', { resumable: false, run: () => gate });
    t.ctx.runner.register('quick', {
      resumable: false,
      run: async () => {
        quickRan();
        return 'ok';
      },
    });
    await t.ctx.runner.start();
  });
  afterAll(async () => {
    open();
    await t.close();
  });

  it("runs B's job while A's queue is full of long jobs, A holding one slot", async () => {
    closeGate();
    const ran = new Promise<void>((resolve) => (quickRan = resolve));
    const a = await domainOf();
    const b = await domainOf();
    const held: string[] = [];
    for (let i = 0; i < 6; i++) held.push(await t.ctx.runner.enqueue('hold', a, {}));
    const quick = await t.ctx.runner.enqueue('quick', b, {});
    // B's job runs while every one of A's is still held (an unfair runner never gets here).
    await ran;
    const states = await statesOf(held);
    expect(states.filter((s) => s === 'running')).toHaveLength(LIMITS.fairUse.jobSlotsPerCustomer);
    expect(states.filter((s) => s === 'queued')).toHaveLength(
      6 - LIMITS.fairUse.jobSlotsPerCustomer,
    );
    open();
    await t.ctx.runner.idle();
    expect(await stateOf(quick)).toBe('done');
    expect(new Set(await statesOf(held))).toEqual(new Set(['done']));
  });

  it('refuses a job past the per-customer queue, even in a parallel burst, and adds no row', async () => {
    closeGate();
    const a = await domainOf();
    const max = LIMITS.fairUse.jobsQueuedPerCustomer;
    const burst = await Promise.allSettled(
      Array.from({ length: max + 3 }, () => t.ctx.runner.enqueue('hold', a, {})),
    );
    const accepted = burst.filter((r) => r.status === 'fulfilled');
    const refused = burst.filter((r) => r.status === 'rejected');
    expect(accepted).toHaveLength(max);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.reason).toMatchObject({ code: 'too_many_running', kind: 'too_many' });
    expect(refused[0]!.reason.retryAfterSeconds).toBeGreaterThan(0);
    const rows = await t.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('domain_id', '=', a)
      .execute();
    expect(rows).toHaveLength(max);
    // Another customer is not affected by A's full queue.
    const b = await domainOf();
    const other = await t.ctx.runner.enqueue('quick', b, {});
    open();
    await t.ctx.runner.idle();
    expect(await stateOf(other)).toBe('done');
    // Once A's jobs are done, A may queue again.
    await expect(t.ctx.runner.enqueue('quick', a, {})).resolves.toBeTypeOf('string');
    await t.ctx.runner.idle();
  });
});
