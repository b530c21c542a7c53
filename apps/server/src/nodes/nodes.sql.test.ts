import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { migrate, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { testDatabaseUrl } from '../../test/helper.ts';
import type {
  HeldRevisions,
  Operation,
  OperationResult,
  PanelBus,
} from '../platform/node-bus/node-bus.port.ts';
import { createNodes, type Nodes } from './nodes.service.ts';
import { addNode } from './enrolment.ts';
import { nodesDb } from './nodes.tables.ts';
import { createRelay } from './relay.ts';

/** A panel bus that records publishes and lets the test play the node's part. */
function fakeBus() {
  const published: Operation[] = [];
  let result: ((r: OperationResult) => Promise<void>) | undefined;
  let hello: ((h: HeldRevisions) => Promise<void>) | undefined;
  let failPublish = false;
  const attempts: string[] = [];
  const bus: PanelBus = {
    async publish(op) {
      attempts.push(op.node);
      if (failPublish || op.node === 'broken') throw new Error('queue down');
      published.push(op);
    },
    async ensureNode() {},
    async onResult(h) {
      result = h;
      return async () => {};
    },
    async onHeartbeat() {
      return async () => {};
    },
    async onHello(h) {
      hello = h;
      return async () => {};
    },
    async request() {
      return null;
    },
    async close() {},
  };
  const answer = (op: Operation, error: OperationResult['error'] = null) =>
    result!({ ...op, error, at: 0 });
  return {
    bus,
    published,
    attempts,
    answer,
    hello: (h: HeldRevisions) => hello!(h),
    failPublish: (on: boolean) => void (failPublish = on),
  };
}

const log = pino({ level: 'silent' });
let now = 1_000_000;
const clock = { now: () => now };

describe('nodes: outbox, relay, results, catch-up (SQL)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let fake: ReturnType<typeof fakeBus>;
  let nodes: Nodes;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-nodes-'));
    const db = await testDatabaseUrl(dir);
    drop = db.drop;
    handle = openDatabase(db.url);
    await migrate(handle);
    fake = fakeBus();
    nodes = createNodes({ db: handle.db, bus: fake.bus, clock, log, applyWaitMs: 200 });
    await nodes.start();
  });

  afterEach(async () => {
    await nodes.stop();
    await handle.close();
    await drop();
    await rm(dir, { recursive: true, force: true });
  });

  const change = (args: unknown[] = ['a']) =>
    nodes.outbox.change({ node: 'local', object: 'ftp:a', call: 'ftp.ensureAccount', args });

  it('has the local node; queues a change at revision 1, then 2, and publishes it', async () => {
    expect(await nodes.store.byName('local')).toMatchObject({ state: 'active' });
    const first = change();
    await vi.waitFor(() => expect(fake.published).toHaveLength(1));
    await fake.answer(fake.published[0]!);
    expect(await first).toMatchObject({ state: 'applied', operation: { revision: 1 } });
    const second = await change(['b']);
    expect(second).toMatchObject({ state: 'pending', operation: { revision: 2 } });
    expect((await nodes.ops.byId(second.operation.id))?.state).toBe('sent');
    const [object] = await nodes.ops.objectsOf('local');
    expect(object).toMatchObject({ revision: 2, applied_revision: 1 });
  });

  it('marks a failure with its reason; a late result is read from the row', async () => {
    const failing = change();
    await vi.waitFor(() => expect(fake.published).toHaveLength(1));
    await fake.answer(fake.published[0]!, { reason: 'rejected', message: 'no' });
    expect(await failing).toMatchObject({ state: 'failed', error: { reason: 'rejected' } });
    const row = await nodes.ops.byId(fake.published[0]!.id);
    expect(row).toMatchObject({ state: 'failed', error_reason: 'rejected', error_message: 'no' });
    const [summary] = (await nodes.store.list()).filter((n) => n.name === 'local');
    expect(summary).toMatchObject({ pending: 0, failed: 1 });
    // A newer revision of the object supersedes the failure: it is pending, no longer failed.
    await nodes.outbox.record(handle.db, { node: 'local', object: 'ftp:a', call: 'c', args: [] });
    const [after] = (await nodes.store.list()).filter((n) => n.name === 'local');
    expect(after).toMatchObject({ pending: 1, failed: 0 });
  });

  it("keeps only an object's newest finished operation: older ones (and their arguments) go", async () => {
    const first = change(['secret-1']);
    await vi.waitFor(() => expect(fake.published).toHaveLength(1));
    await fake.answer(fake.published[0]!, { reason: 'rejected', message: 'no' });
    await first;
    const second = change(['secret-2']);
    await vi.waitFor(() => expect(fake.published).toHaveLength(2));
    await fake.answer(fake.published[1]!);
    await second;
    const rows = await nodesDb(handle.db).selectFrom('node_operations').selectAll().execute();
    expect(rows.map((r) => [r.revision, r.state, r.args])).toEqual([
      [2, 'applied', '["secret-2"]'],
    ]);
  });

  it('keeps a change pending while publishing fails, and sends it on a later pass', async () => {
    fake.failPublish(true);
    const outcome = await change();
    expect(outcome.state).toBe('pending');
    expect((await nodes.ops.byId(outcome.operation.id))?.state).toBe('pending');
    fake.failPublish(false);
    nodes.relay.kick();
    await vi.waitFor(() => expect(fake.published).toHaveLength(1));
  });

  it('relay: rows that keep failing hide nothing behind them; a revoked node waits', async () => {
    await nodes.stop();
    for (const name of ['broken', 'gone']) await addNode(nodes.store, clock, name, ['web']);
    await nodes.store.revoke('gone', now);
    const record = (node: string, object: string) =>
      nodes.outbox.record(handle.db, { node, object, call: 'ftp.x', args: [] });
    for (const object of ['a', 'b', 'c']) await record('broken', object);
    await record('gone', 'a');
    now += 1;
    await record('local', 'a');
    const relay = createRelay({ ops: nodes.ops, bus: fake.bus, clock, log, batch: 2 });
    relay.kick();
    await relay.idle();
    expect(fake.published.map((p) => p.node)).toEqual(['local']);
    expect(fake.attempts.sort()).toEqual(['broken', 'broken', 'broken', 'local']);
  });

  it('catch-up: settles what the node holds and sends the newest of what it is behind on', async () => {
    await change();
    await change(['b']);
    await nodes.outbox.change({ node: 'local', object: 'ftp:c', call: 'ftp.x', args: [] });
    await nodes.relay.idle();
    expect(fake.published).toHaveLength(3);
    // The node holds ftp:a at 1 (result lost) and never saw ftp:c.
    await fake.hello({ node: 'local', objects: { 'ftp:a': 1 } });
    await nodes.relay.idle();
    const rows = await nodesDb(handle.db).selectFrom('node_operations').selectAll().execute();
    const state = (object: string, revision: number) =>
      rows.find((r) => r.object === object && r.revision === revision)?.state;
    expect(state('ftp:a', 1)).toBe('applied');
    expect(state('ftp:a', 2)).toBe('sent');
    expect(
      fake.published
        .map((p) => `${p.object}@${p.revision}`)
        .slice(3)
        .sort(),
    ).toEqual(['ftp:a@2', 'ftp:c@1']);
    const objects = await nodes.ops.objectsOf('local');
    expect(objects.find((o) => o.object === 'ftp:a')?.applied_revision).toBe(1);
  });

  it('places a domain on the node up with the role that has the fewest domains', async () => {
    await addNode(nodes.store, clock, 'web1', ['web']);
    await addNode(nodes.store, clock, 'web2', ['web', 'mail']);
    const db = nodesDb(handle.db);
    await db.updateTable('nodes').set({ state: 'active' }).execute();
    expect(await nodes.place('web')).toBeNull();
    for (const name of ['local', 'web1', 'web2']) await nodes.store.beat(name, now, '1');
    await handle.db
      .insertInto('customers')
      .values({ name: 'c', email: 'c@example.nl', created_at: now })
      .execute();
    const customer = await handle.db.selectFrom('customers').select('id').executeTakeFirstOrThrow();
    for (const name of ['a.nl', 'b.nl'])
      await handle.db
        .insertInto('domains')
        .values({ customer_id: customer.id, name, created_at: now })
        .execute();
    await db.updateTable('domains').set({ node: 'web1' }).where('id', '>', 0).execute();
    expect(await nodes.place('web')).toBe('local');
    expect(await nodes.place('mail')).toBe('local');
    now += 16_000;
    await nodes.store.beat('web2', now, '1');
    expect(await nodes.place('web')).toBe('web2');
    expect(await nodes.store.revoke('web2', now)).toBe(true);
    expect(await nodes.place('web')).toBeNull();
  });
});
