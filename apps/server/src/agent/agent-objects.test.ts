import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createInProcessBus } from '../platform/node-bus/node-bus.in-process.ts';
import type {
  AgentBus,
  Operation,
  OperationResult,
  PanelBus,
} from '../platform/node-bus/node-bus.port.ts';
import { systemClock } from '../lib/clock.ts';
import { hasNatsServer } from '../../test/support/nats-server.ts';
import { natsBuses } from '../../test/support/nats-buses.ts';
import { skipWhenMissing } from '../../test/support/missing-tools.ts';
import { heldFile } from './held-revisions.ts';
import { startAgent, type Agent } from './agent.ts';
import type { AdapterTable } from './adapter-table.ts';

const log = pino({ level: 'silent' });
const natsMissing = skipWhenMissing('agent on NATS', [!hasNatsServer() && 'nats-server']);
const nats = natsBuses(natsMissing, ['n1']);

/** The agent over each bus: the panel's side and the node's. */
const buses = [
  {
    name: 'in-process',
    skip: false,
    make: async () => {
      const bus = createInProcessBus({ retryResultMs: 100 });
      return { panel: bus.panel, agent: bus.agent('n1'), close: () => bus.panel.close() };
    },
  },
  {
    name: 'NATS JetStream',
    skip: natsMissing,
    make: async () => ({
      panel: nats.panel,
      agent: await nats.agentBus('n1'),
      close: async () => undefined,
    }),
  },
];

describe.each(buses)('agent on the $name bus: each object in order, objects side by side', (b) => {
  let dir: string;
  let bus: { panel: PanelBus; agent: AgentBus; close(): Promise<void> };
  let agent: Agent | null = null;
  let results: OperationResult[];
  const events: string[] = [];
  let release: () => void = () => undefined;
  const table: AdapterTable = {
    changes: new Map([
      [
        't.slow',
        async (args: unknown[]) => {
          events.push(`start ${String(args[0])}`);
          await new Promise<void>((resolve) => (release = resolve));
          events.push(`end ${String(args[0])}`);
        },
      ],
      [
        't.set',
        async (args: unknown[]) => {
          events.push(`start ${String(args[0])}`);
          await new Promise((r) => setTimeout(r, 30));
          events.push(`end ${String(args[0])}`);
        },
      ],
    ]),
    reads: new Map(),
  };
  let seq = 0;
  const op = (object: string, revision: number, call: string): Operation => ({
    id: `o${++seq}-${object}@${revision}`,
    node: 'n1',
    object,
    revision,
    call,
    args: [`${object}@${revision}`],
  });
  const resultOf = (o: Operation) => results.find((r) => r.id === o.id);

  beforeEach(async () => {
    if (b.skip) return;
    dir = await mkdtemp(join(tmpdir(), 'haven-agent-objects-'));
    bus = await b.make();
    results = [];
    events.length = 0;
    await bus.panel.onHello(async () => undefined);
    await bus.panel.onResult(async (r) => void results.push(r));
    agent = await startAgent({
      bus: bus.agent,
      table,
      held: heldFile(dir),
      roles: ['web'],
      version: '9',
      clock: systemClock,
      log,
    });
  });
  afterEach(async () => {
    if (b.skip) return;
    release();
    await agent?.stop();
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(b.skip)('applies another object while one object’s apply is slow', async () => {
    const slow = op('site:1', 1, 't.slow');
    const other = op('site:2', 1, 't.set');
    await bus.panel.publish(slow);
    await bus.panel.publish(other);
    await vi.waitFor(() => expect(resultOf(other)).toMatchObject({ error: null }), 8000);
    expect(resultOf(slow)).toBeUndefined();
    expect(events).toEqual(['start site:1@1', 'start site:2@1', 'end site:2@1']);
    release();
    await vi.waitFor(() => expect(resultOf(slow)).toMatchObject({ error: null }), 8000);
  });

  it.skipIf(b.skip)('applies two changes of one object in order, one after the other', async () => {
    const first = op('site:1', 1, 't.slow');
    const second = op('site:1', 2, 't.set');
    await bus.panel.publish(first);
    await bus.panel.publish(second);
    await vi.waitFor(() => expect(events).toEqual(['start site:1@1']), 8000);
    // The second waits for the first, though it was handed over too.
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toEqual(['start site:1@1']);
    release();
    await vi.waitFor(() => expect(results).toHaveLength(2), 8000);
    expect(events).toEqual(['start site:1@1', 'end site:1@1', 'start site:1@2', 'end site:1@2']);
    expect(results.map((r) => r.id)).toEqual([first.id, second.id]);
  });
});
