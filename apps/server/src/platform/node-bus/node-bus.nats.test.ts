import { describe, expect, it } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import { connect, PermissionViolationError, type NatsConnection } from '@nats-io/transport-node';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';
import { natsBuses } from '../../../test/support/nats-buses.ts';
import { hasNatsServer } from '../../../test/support/nats-server.ts';
import { createNatsPanelBus } from './node-bus.nats.ts';
import type { Operation, OperationResult } from './node-bus.port.ts';

const skip = skipWhenMissing('node bus on NATS', [!hasNatsServer() && 'nats-server']);

const buses = natsBuses(skip, ['a', 'b']);

/** A raw connection with a node's credentials: what code on a compromised node could do. */
const rawLogin = async (node: string): Promise<NatsConnection> => {
  const nc = await connect({
    servers: buses.nats.url,
    ...buses.nats.node(node),
    inboxPrefix: `_INBOX_${node}`,
  });
  buses.closeAfter(nc);
  return nc;
};

/** Rejects when the server refuses the subscription (the iterator ends with the violation). */
async function subscribing(nc: NatsConnection, subject: string): Promise<unknown> {
  const sub = nc.subscribe(subject);
  const refused = (async () => {
    for await (const msg of sub) void msg;
  })();
  const allowed = nc.flush().then(() => new Promise((r) => setTimeout(() => r('allowed'), 500)));
  return Promise.race([refused, allowed]);
}

let seq = 0;
const op = (node: string, object: string, revision: number): Operation => ({
  id: `nats-${++seq}`,
  node,
  object,
  revision,
  call: 'webServer.applySite',
  args: [],
});

const applier =
  (made: string[]) =>
  async (o: Operation): Promise<OperationResult> => {
    made.push(o.id);
    return {
      id: o.id,
      node: o.node,
      object: o.object,
      revision: o.revision,
      error: null,
      at: Date.now(),
    };
  };

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(skip)('node bus on NATS: permissions', () => {
  it('lets node B neither take nor see node A’s work, nor answer or report for A', async () => {
    const work = op('a', 'site:1', 1);
    await buses.panel.publish(work);
    await buses.panel.ensureNode('b');
    const b = await rawLogin('b');
    const js = jetstream(b);
    await expect(js.consumers.get('HAVEN_WORK', 'work-a')).rejects.toThrow(/Permissions Violation/);
    await expect(
      b.request('$JS.API.CONSUMER.MSG.NEXT.HAVEN_WORK.work-a', JSON.stringify({ batch: 1 })),
    ).rejects.toThrow(/Permissions Violation/);
    // Nor make a consumer of its own over A's subject.
    await expect(
      b.request(
        '$JS.API.CONSUMER.CREATE.HAVEN_WORK',
        JSON.stringify({ stream_name: 'HAVEN_WORK' }),
      ),
    ).rejects.toThrow(/Permissions Violation/);
    for (const subject of [
      'haven.work.a',
      'haven.work.>',
      'haven.read.a',
      'haven.result.a',
      '_INBOX.>',
      '_INBOX_a.>',
      '>',
    ]) {
      await expect(subscribing(b, subject), subject).rejects.toBeInstanceOf(
        PermissionViolationError,
      );
    }
    await expect(js.publish('haven.result.a', JSON.stringify({ id: work.id }))).rejects.toThrow(
      /Permissions Violation/,
    );
    await expect(b.request('haven.hello.a', '{}')).rejects.toThrow(/Permissions Violation/);
    // A's work is still there for A, untouched.
    const made: string[] = [];
    await (await buses.agentBus('a')).consume(applier(made));
    await until(() => made.length === 1);
    expect(made).toEqual([work.id]);
  });

  it('lets a node use its own subjects and consumer', async () => {
    await buses.panel.ensureNode('b');
    const b = await rawLogin('b');
    expect(await subscribing(b, 'haven.read.b')).toBe('allowed');
    const consumer = await jetstream(b).consumers.get('HAVEN_WORK', 'work-b');
    expect(await consumer.next({ expires: 1000 })).toBeNull();
  });

  it('takes a node in and out on reload', async () => {
    await buses.nats.setNodes(['a', 'b', 'c']);
    const c = await rawLogin('c');
    expect(await subscribing(c, 'haven.read.c')).toBe('allowed');
    const old = buses.nats.node('b');
    await buses.nats.setNodes(['a', 'c']);
    await expect(
      connect({ servers: buses.nats.url, ...old, maxReconnectAttempts: 0 }),
    ).rejects.toThrow(/Authorization/i);
  });
});

describe.skipIf(skip)('node bus on NATS: several panel instances', () => {
  it('finds the streams made, and hands each heartbeat and result to one instance', async () => {
    const second = await createNatsPanelBus({
      servers: buses.nats.url,
      ...buses.nats.panel,
      pollMs: 1000,
    });
    buses.closeAfter(second);
    const heard: string[] = [];
    const results: string[] = [];
    for (const [name, bus] of [
      ['first', buses.panel],
      ['second', second],
    ] as const) {
      await bus.onHeartbeat(() => void heard.push(name));
      await bus.onResult(async (r) => void results.push(r.id));
    }
    const agent = await buses.agentBus('a');
    for (let i = 0; i < 10; i++)
      await agent.heartbeat({ node: 'a', roles: [], version: '1', at: i });
    const ops = [op('a', 'site:1', 1), op('a', 'site:2', 1), op('a', 'site:3', 1)];
    for (const o of ops) await second.publish(o);
    await agent.consume(applier([]));
    await until(() => heard.length === 10 && results.length === 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toHaveLength(10);
    expect(results.sort()).toEqual(ops.map((o) => o.id).sort());
  });
});
