import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createInProcessBus, type InProcessBus } from '../platform/node-bus/node-bus.in-process.ts';
import type {
  Heartbeat,
  HeldRevisions,
  Operation,
  OperationResult,
} from '../platform/node-bus/node-bus.port.ts';
import { systemClock } from '../lib/clock.ts';
import { heldFile } from './held-revisions.ts';
import { startAgent, type Agent } from './agent.ts';
import type { AdapterTable } from './adapter-table.ts';

const log = pino({ level: 'silent' });

describe('agent: applies its work once per revision, reports, says hello, beats', () => {
  let dir: string;
  let bus: InProcessBus;
  let agent: Agent | null = null;
  const calls: string[] = [];
  const results: OperationResult[] = [];
  const hellos: HeldRevisions[] = [];
  const beats: Heartbeat[] = [];
  const table: AdapterTable = {
    changes: new Map([
      ['t.set', async (args: unknown[]) => void calls.push(`set ${String(args[0])}`)],
      [
        't.fail',
        async () => Promise.reject(Object.assign(new Error('no'), { reason: 'rejected' })),
      ],
    ]),
    reads: new Map([['t.echo', async (args: unknown[]) => args[0]]]),
  };
  const op = (object: string, revision: number, call = 't.set'): Operation => ({
    id: `${object}@${revision}:${call}`,
    node: 'n1',
    object,
    revision,
    call,
    args: [`${object}@${revision}`],
  });
  const start = async (helloRetryMs?: number) => {
    agent = await startAgent({
      bus: bus.agent('n1'),
      table,
      held: heldFile(join(dir, 'agent')),
      roles: ['web'],
      version: '9',
      clock: systemClock,
      log,
      heartbeatMs: 50,
      ...(helloRetryMs ? { helloRetryMs } : {}),
    });
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-agent-unit-'));
    bus = createInProcessBus();
    await bus.panel.onResult(async (r) => void results.push(r));
    await bus.panel.onHeartbeat((b) => void beats.push(b));
    calls.length = results.length = hellos.length = beats.length = 0;
  });
  afterEach(async () => {
    await agent?.stop();
    await bus.panel.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('skips a revision it holds, reports failures with their reason, keeps going', async () => {
    await bus.panel.onHello(async (h) => void hellos.push(h));
    await start();
    expect(hellos).toEqual([{ node: 'n1', objects: {} }]);
    for (const o of [
      op('a', 2),
      op('a', 1),
      op('b', 1, 't.fail'),
      op('c', 1, 't.nope'),
      op('d', 1),
    ])
      await bus.panel.publish(o);
    await vi.waitFor(() => expect(results).toHaveLength(5));
    // Objects apply side by side: each object's result is checked, not the node's order.
    expect(calls.sort()).toEqual(['set a@2', 'set d@1']);
    expect(Object.fromEntries(results.map((r) => [r.id, r.error?.reason ?? 'ok']))).toEqual({
      'a@2:t.set': 'ok',
      'a@1:t.set': 'ok',
      'b@1:t.fail': 'rejected',
      'c@1:t.nope': 'unknown_call',
      'd@1:t.set': 'ok',
    });
    expect(JSON.parse(await readFile(join(dir, 'agent', 'held.json'), 'utf8'))).toEqual({
      a: 2,
      d: 1,
    });
    await vi.waitFor(() => expect(beats.length).toBeGreaterThan(1));
    expect(beats[0]).toMatchObject({ node: 'n1', roles: ['web'], version: '9' });
    expect(await bus.panel.request('n1', 't.echo', ['hi'], 1000)).toBe('hi');
  });

  it('says hello again until a panel answers, then reports what it held before', async () => {
    await bus.panel.onHello(async (h) => void hellos.push(h));
    await start();
    await bus.panel.publish(op('a', 3));
    await vi.waitFor(() => expect(results).toHaveLength(1));
    await agent?.stop();
    await bus.panel.close();
    bus = createInProcessBus();
    const starting = start(20);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await bus.panel.onHello(async (h) => void hellos.push(h));
    await starting;
    expect(hellos.at(-1)).toEqual({ node: 'n1', objects: { a: 3 } });
  });
});
