import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';
import { hasNatsServer, startTestNats, type TestNats } from '../../../test/support/nats-server.ts';
import { createInProcessBus } from './node-bus.in-process.ts';
import { createNatsAgentBus, createNatsPanelBus } from './node-bus.nats.ts';
import {
  NodeCallError,
  NodeUnavailableError,
  PanelUnavailableError,
  type AgentBus,
  type Heartbeat,
  type HeldRevisions,
  type Operation,
  type OperationResult,
  type PanelBus,
} from './node-bus.port.ts';

/** One bus under test: the panel's side and a way to start an agent for a node. */
interface Harness {
  panel: PanelBus;
  agent(node: string): Promise<AgentBus>;
  close(): Promise<void>;
}

const inProcess = async (): Promise<Harness> => {
  const bus = createInProcessBus({ retryResultMs: 100 });
  return {
    panel: bus.panel,
    agent: async (node) => bus.agent(node),
    close: () => bus.panel.close(),
  };
};

const onNats = async (): Promise<Harness> => {
  const nats: TestNats = await startTestNats(['a', 'b']);
  const agents: AgentBus[] = [];
  // A short ack wait so work a dead agent held comes back within the test.
  const panel = await createNatsPanelBus({
    servers: nats.url,
    ...nats.panel,
    ackWaitMs: 1500,
    pollMs: 1000,
  });
  return {
    panel,
    async agent(node) {
      const login = nats.node(node);
      const agent = await createNatsAgentBus({ servers: nats.url, ...login, node, pollMs: 1000 });
      agents.push(agent);
      return agent;
    },
    async close() {
      await Promise.all(agents.map((a) => a.close()));
      await panel.close();
      await nats.stop();
    },
  };
};

const natsMissing = skipWhenMissing('node bus on NATS', [!hasNatsServer() && 'nats-server']);

let seq = 0;
function op(node: string, object: string, revision: number): Operation {
  return {
    id: `op-${++seq}`,
    node,
    object,
    revision,
    call: 'webServer.applySite',
    args: [{ object, revision }],
  };
}

/** A node's disk: what it holds of each object, and the changes it actually made. */
function fakeNode() {
  const held = new Map<string, number>();
  const made: string[] = [];
  const apply = async (o: Operation): Promise<OperationResult> => {
    if ((held.get(o.object) ?? 0) < o.revision) {
      made.push(o.id);
      held.set(o.object, o.revision);
    }
    return {
      id: o.id,
      node: o.node,
      object: o.object,
      revision: o.revision,
      error: null,
      at: Date.now(),
    };
  };
  return { held, made, apply };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each([
  { name: 'in-process', make: inProcess, skip: false },
  { name: 'NATS JetStream', make: onNats, skip: natsMissing },
])('node bus contract: $name', ({ make, skip }) => {
  let h: Harness;
  let results: OperationResult[];
  const collectResults = () => h.panel.onResult(async (r) => void results.push(r));
  beforeEach(async () => {
    if (skip) return;
    h = await make();
    results = [];
  });
  afterEach(async () => {
    if (!skip) await h.close();
  });

  it.skipIf(skip)('applies a node’s work in order and hands each result to the panel', async () => {
    await collectResults();
    const node = fakeNode();
    const ops = [
      op('a', 'site:1', 1),
      op('a', 'site:2', 1),
      op('a', 'site:1', 2),
      op('a', 'zone:x', 1),
    ];
    for (const o of ops) await h.panel.publish(o);
    await (await h.agent('a')).consume(node.apply);
    await until(() => results.length === ops.length);
    expect(node.made).toEqual(ops.map((o) => o.id));
    expect(results.map((r) => [r.id, r.node, r.error])).toEqual(ops.map((o) => [o.id, 'a', null]));
  });

  it.skipIf(skip)('stores an operation published twice once, and keeps nodes apart', async () => {
    await collectResults();
    const node = fakeNode();
    const first = op('a', 'site:1', 1);
    const forB = op('b', 'site:9', 1);
    const last = op('a', 'site:2', 1);
    await h.panel.publish(first);
    await h.panel.publish(first);
    await h.panel.publish(forB);
    await h.panel.publish(last);
    const seen: string[] = [];
    await (await h.agent('a')).consume(async (o) => (seen.push(o.id), node.apply(o)));
    await until(() => results.some((r) => r.id === last.id));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([first.id, last.id]);
    expect(results.map((r) => r.id)).toEqual([first.id, last.id]);
  });

  it.skipIf(skip)(
    'acknowledges only after apply: work an agent died on comes again, applied once',
    async () => {
      await collectResults();
      const node = fakeNode();
      const [one, two] = [op('a', 'site:1', 1), op('a', 'site:2', 1)];
      await h.panel.publish(one);
      await h.panel.publish(two);
      const dying = await h.agent('a');
      let started = false;
      // Makes the change on disk, then dies before it returns: no result, no acknowledgement.
      await dying.consume(async (o) => {
        await node.apply(o);
        started = true;
        return new Promise<OperationResult>(() => undefined);
      });
      await until(() => started);
      await dying.close();
      expect(results).toEqual([]);
      const restarted = await h.agent('a');
      await restarted.consume(node.apply);
      await until(() => results.length === 2);
      // Two objects: order across them is not kept (a redelivery waits out the ack wait).
      expect(results.map((r) => r.id).sort()).toEqual([one.id, two.id].sort());
      expect(node.made.sort()).toEqual([one.id, two.id].sort());
    },
  );

  it.skipIf(skip)('does not hand out again work that takes longer than the ack wait', async () => {
    await collectResults();
    const taken: string[] = [];
    const one = op('a', 'site:1', 1);
    await h.panel.publish(one);
    // Two agents of one node (an old one still running beside its replacement) would both take it.
    for (const agent of [await h.agent('a'), await h.agent('a')]) {
      await agent.consume(async (o) => {
        taken.push(o.id);
        await new Promise((r) => setTimeout(r, 2500));
        return fakeNode().apply(o);
      });
    }
    await until(() => results.length === 1);
    expect(taken).toEqual([one.id]);
  });

  it.skipIf(skip)('reports a failed apply and goes on with the next', async () => {
    await collectResults();
    const node = fakeNode();
    const [bad, good] = [op('a', 'site:1', 1), op('a', 'site:2', 1)];
    await h.panel.publish(bad);
    await h.panel.publish(good);
    await (
      await h.agent('a')
    ).consume(async (o) => {
      if (o.id === bad.id)
        throw Object.assign(new Error('nginx -t failed'), { reason: 'rejected' });
      return node.apply(o);
    });
    await until(() => results.length === 2);
    expect(results[0]).toMatchObject({
      id: bad.id,
      error: { reason: 'rejected', message: 'nginx -t failed' },
    });
    expect(results[1]).toMatchObject({ id: good.id, error: null });
  });

  it.skipIf(skip)('hands a result over again when the panel’s handler failed', async () => {
    const again: string[] = [];
    let fail = true;
    await h.panel.onResult(async (r) => {
      again.push(r.id);
      if (fail) {
        fail = false;
        throw new Error('database busy');
      }
    });
    const node = fakeNode();
    const one = op('a', 'site:1', 1);
    await h.panel.publish(one);
    await (await h.agent('a')).consume(node.apply);
    await until(() => again.length === 2);
    expect(again).toEqual([one.id, one.id]);
  });

  it.skipIf(skip)(
    'answers reads, reports a read’s failure, and a node that is not there',
    async () => {
      const agent = await h.agent('a');
      await agent.serve(async (call, args) => {
        if (call === 'files.list') return { call, args, at: new Date(0) };
        throw Object.assign(new Error('no such folder'), { code: 'not_found' });
      });
      expect(await h.panel.request('a', 'files.list', ['/www'], 2000)).toEqual({
        call: 'files.list',
        args: ['/www'],
        at: '1970-01-01T00:00:00.000Z',
      });
      const failed = h.panel.request('a', 'files.read', [], 2000);
      await expect(failed).rejects.toBeInstanceOf(NodeCallError);
      await expect(failed).rejects.toMatchObject({
        node: 'a',
        reason: 'not_found',
        message: 'no such folder',
      });
      const started = Date.now();
      const absent = h.panel.request('b', 'files.list', [], 300);
      await expect(absent).rejects.toBeInstanceOf(NodeUnavailableError);
      await expect(absent).rejects.toMatchObject({ node: 'b' });
      expect(Date.now() - started).toBeLessThan(2000);
    },
  );

  it.skipIf(skip)('resolves a hello once the panel has queued the catch-up', async () => {
    const agent = await h.agent('a');
    await expect(agent.hello({ node: 'a', objects: {} })).rejects.toBeInstanceOf(
      PanelUnavailableError,
    );
    const heard: HeldRevisions[] = [];
    let queued = false;
    await h.panel.onHello(async (held) => {
      heard.push(held);
      await new Promise((r) => setTimeout(r, 200));
      await h.panel.publish(op('a', 'site:1', 3));
      queued = true;
    });
    // A body naming another node does not fool the panel: the sender is who it says below.
    await agent.hello({ node: 'b', objects: { 'site:1': 2 } });
    expect(queued).toBe(true);
    expect(heard).toEqual([{ node: 'a', objects: { 'site:1': 2 } }]);
  });

  it.skipIf(skip)('delivers heartbeats to the panel', async () => {
    const beats: Heartbeat[] = [];
    await h.panel.onHeartbeat((b) => void beats.push(b));
    const agent = await h.agent('b');
    await agent.heartbeat({ node: 'b', roles: ['web'], version: '0.1.0', at: 1 });
    await until(() => beats.length === 1);
    expect(beats[0]).toEqual({ node: 'b', roles: ['web'], version: '0.1.0', at: 1 });
  });
});
