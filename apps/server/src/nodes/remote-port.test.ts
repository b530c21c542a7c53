import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortOnNode, type PanelWithNodes } from '../../test/support/port-on-node.ts';
import { NodeUnavailableError } from '../platform/node-bus/node-bus.port.ts';
import { ChangePendingError } from './remote-port.ts';
import type { PortSpec } from '../platform/node-bus/port-spec.ts';

/** A port with a change, a change that answers, a read that answers a Map, and a local method. */
interface Counters {
  set(name: string, value: number): Promise<void>;
  sum(names: readonly string[]): Promise<number>;
  values(): Promise<Map<string, number>>;
  value(name: string): Promise<number>;
  close(): Promise<void>;
}

class CountersError extends Error {
  constructor(
    readonly reason: 'negative' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

const spec: PortSpec<Counters> = {
  name: 'counters',
  methods: {
    set: { kind: 'change', object: (name) => `counter:${name}` },
    sum: { kind: 'change', object: () => 'sum', whenPending: 'throw' },
    values: {
      kind: 'read',
      timeoutMs: 300,
      encode: (value) => [...value],
      decode: (value) => new Map(value as [string, number][]),
    },
    value: { kind: 'read' },
    close: { kind: 'local', run: async () => {} },
  },
  failure: (e) => new CountersError(e.reason === 'negative' ? 'negative' : 'failed', e.message),
};

// @ts-expect-error: every method of the port needs its spec
const incomplete: PortSpec<Counters> = { name: 'x', methods: { set: spec.methods.set } };
void incomplete;
const answerless: PortSpec<Counters> = {
  ...spec,
  // @ts-expect-error: a change whose answer matters must say what a pending one does
  methods: { ...spec.methods, sum: { kind: 'change', object: () => 'sum' } },
};
void answerless;

function counters(): Counters {
  const held = new Map<string, number>();
  return {
    async set(name, value) {
      if (value < 0) throw new CountersError('negative', `${name} below zero`);
      held.set(name, value);
    },
    sum: async (names) => names.reduce((s, n) => s + (held.get(n) ?? 0), 0),
    values: async () => new Map(held),
    async value(name) {
      const value = held.get(name);
      if (value === undefined) throw new CountersError('negative', `no counter ${name}`);
      return value;
    },
    close: async () => {},
  };
}

describe('remotePort: a port driven on a node through the outbox and the bus', () => {
  let node: PanelWithNodes & { port: Counters };
  let port: Counters;

  beforeAll(async () => {
    node = await startPortOnNode(spec, counters(), { applyWaitMs: 300 });
    port = node.port;
  });

  afterAll(() => node.close());

  it('applies changes, answers a change and a read through their codecs', async () => {
    await port.set('a', 2);
    await port.set('b', 3);
    expect(await port.sum(['a', 'b'])).toBe(5);
    expect(await port.values()).toEqual(
      new Map([
        ['a', 2],
        ['b', 3],
      ]),
    );
    await port.close();
  });

  it("rebuilds the adapter's typed error from a failed operation", async () => {
    const error = await port.set('a', -1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CountersError);
    expect(error).toMatchObject({ reason: 'negative', message: 'a below zero' });
  });

  it("rebuilds the adapter's typed error from a read the node refused", async () => {
    const error = await port.value('nobody').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CountersError);
    expect(error).toMatchObject({ reason: 'negative', message: 'no counter nobody' });
  });

  it('while the node is down: a change resolves pending, one that answers throws, a read fails', async () => {
    await node.stopAgent();
    await expect(port.set('c', 1)).resolves.toBeUndefined();
    await expect(port.sum(['a'])).rejects.toBeInstanceOf(ChangePendingError);
    await expect(port.values()).rejects.toBeInstanceOf(NodeUnavailableError);
  });
});
