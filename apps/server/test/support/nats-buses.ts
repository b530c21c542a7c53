import { afterEach, beforeEach } from 'vitest';
import {
  createNatsAgentBus,
  createNatsPanelBus,
} from '../../src/platform/node-bus/node-bus.nats.ts';
import type { AgentBus, PanelBus } from '../../src/platform/node-bus/node-bus.port.ts';
import { startTestNats, type TestNats } from './nats-server.ts';

export interface NatsBuses {
  readonly nats: TestNats;
  readonly panel: PanelBus;
  /** An agent's bus with `node`'s own credentials, closed after the test. */
  agentBus(node: string): Promise<AgentBus>;
  /** Closes `it` after the test, before the server stops. */
  closeAfter(it: { close(): Promise<void> }): void;
}

/**
 * Each test gets its own nats-server with users for `nodes` and a panel bus on it (short ack
 * wait and polls, so a redelivery shows within the test); all is closed and stopped after it.
 */
export function natsBuses(skip: boolean, nodes: readonly string[]): NatsBuses {
  let nats: TestNats | undefined;
  let panel: PanelBus | undefined;
  const closing: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    if (skip) return;
    nats = await startTestNats(nodes);
    panel = await createNatsPanelBus({
      servers: nats.url,
      ...nats.panel,
      ackWaitMs: 1500,
      pollMs: 1000,
    });
    closing.push(panel);
  });
  afterEach(async () => {
    if (skip) return;
    for (const c of closing.splice(0).reverse()) await c.close();
    await nats?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('natsBuses: used outside a test');
    return value;
  };
  return {
    get nats() {
      return started(nats);
    },
    get panel() {
      return started(panel);
    },
    closeAfter(it) {
      closing.push(it);
    },
    async agentBus(node) {
      const n = started(nats);
      const bus = await createNatsAgentBus({ servers: n.url, ...n.node(node), node, pollMs: 1000 });
      closing.push(bus);
      return bus;
    },
  };
}
