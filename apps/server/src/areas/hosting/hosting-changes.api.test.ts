import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { nodesDb } from '../../nodes/nodes.tables.ts';

describe('GET /api/{domain}/hosting/changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A change of the domain the local node failed to apply (a call no adapter answers). */
  async function failedChange(domain: string, object: string): Promise<string> {
    const db = nodesDb(t.ctx.database.db);
    const row = await t.ctx.customers.domainByName(domain);
    const id = crypto.randomUUID();
    await db
      .insertInto('node_objects')
      .values({ node: 'local', object, revision: 1, applied_revision: 0 })
      .execute();
    await db
      .insertInto('node_operations')
      .values({
        id,
        node: 'local',
        object,
        revision: 1,
        call: 'nothing.here',
        args: '[]',
        state: 'failed',
        error_reason: 'unknown_call',
        error_message: 'no adapter for nothing.here',
        created_at: Date.now(),
        sent_at: Date.now(),
        done_at: Date.now(),
        domain_id: row!.id,
      })
      .execute();
    return id;
  }

  it('shows nothing waiting on a fresh domain, and the local server up', async () => {
    const c = await t.customer();
    const token = await t.login(c);
    const res = await t.call({ method: 'GET', url: `/api/${c.domain}/hosting/changes`, token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pending: 0, serverUp: true, failed: [] });
  });

  it("shows a failed change to its domain only, and tries it again on the customer's word", async () => {
    const c = await t.customer();
    const other = await t.customer();
    const id = await failedChange(c.domain, `test:${c.domain}`);
    const token = await t.login(c);
    const url = `/api/${c.domain}/hosting/changes`;
    const res = await t.call({ method: 'GET', url, token });
    expect(res.json()).toMatchObject({ failed: [{ id, kind: 'nothing' }] });

    const otherToken = await t.login(other);
    const theirs = await t.call({
      method: 'GET',
      url: `/api/${other.domain}/hosting/changes`,
      token: otherToken,
    });
    expect(theirs.json()).toMatchObject({ failed: [] });
    // Another customer cannot retry it through their own domain.
    const stolen = await t.call({
      method: 'POST',
      url: `/api/${other.domain}/hosting/changes/${id}/retry`,
      token: otherToken,
    });
    expect(stolen.statusCode).toBe(404);

    const retried = await t.call({ method: 'POST', url: `${url}/${id}/retry`, token });
    expect(retried.statusCode, retried.body).toBe(200);
    // Sent again under a new id; no adapter answers it, so it fails again, as itself.
    await expect
      .poll(
        async () =>
          (await t.call({ method: 'GET', url, token })).json<{ failed: unknown[] }>().failed.length,
      )
      .toBe(1);
    const again = await t.call({ method: 'POST', url: `${url}/${id}/retry`, token });
    expect(again.statusCode).toBe(404);
  });
});
