import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';
import { natsBuses } from '../../../test/support/nats-buses.ts';
import { hasNatsServer } from '../../../test/support/nats-server.ts';
import type { Operation, OperationResult } from './node-bus.port.ts';

/** An agent killed mid-apply, and nats-server restarted: the work is neither lost nor doubled. */
const skip = skipWhenMissing('node bus on NATS, restarts', [!hasNatsServer() && 'nats-server']);

const buses = natsBuses(skip, ['a', 'b']);

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

/**
 * An agent in a process of its own that takes one operation, makes the change and never
 * returns: the test kills it there, after the change and before the acknowledgement.
 */
const DYING_AGENT = `
import { createNatsAgentBus } from ${JSON.stringify(fileURLToPath(new URL('./node-bus.nats.ts', import.meta.url)))};
const { NATS_URL, NATS_USER, NATS_PASS } = process.env;
const bus = await createNatsAgentBus({ servers: NATS_URL, user: NATS_USER, pass: NATS_PASS, node: 'a', pollMs: 1000 });
await bus.consume(async (op) => {
  process.stdout.write('made ' + op.id + '\\n');
  return new Promise(() => undefined);
});
`;

describe.skipIf(skip)('node bus on NATS: restarts', () => {
  it('gives the work of an agent killed mid-apply to the restarted agent, which applies it once', async () => {
    const [one, two] = [op('a', 'site:1', 1), op('a', 'site:2', 1)];
    await buses.panel.publish(one);
    await buses.panel.publish(two);
    const held = new Map<string, number>();
    const made: string[] = [];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', DYING_AGENT],
      {
        env: {
          ...process.env,
          NATS_URL: buses.nats.url,
          NATS_USER: buses.nats.node('a').user,
          NATS_PASS: buses.nats.node('a').pass,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((r) => child.once('exit', r));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          if (!d.toString().includes(`made ${one.id}`)) return;
          // What the change did on the node's disk survives the kill.
          made.push(one.id);
          held.set(one.object, one.revision);
          resolve();
        });
        child.once('exit', () => reject(new Error('the agent exited before it took the work')));
      });
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const results: OperationResult[] = [];
    await buses.panel.onResult(async (r) => void results.push(r));
    const agent = await buses.agentBus('a');
    await agent.consume(async (o) => {
      if ((held.get(o.object) ?? 0) < o.revision) {
        made.push(o.id);
        held.set(o.object, o.revision);
      }
      return { id: o.id, node: o.node, object: o.object, revision: o.revision, error: null, at: 0 };
    });
    await until(() => results.length === 2);
    // Two objects: the one the dead agent did not take may come before the redelivered one.
    expect(results.map((r) => [r.id, r.error]).sort()).toEqual([
      [one.id, null],
      [two.id, null],
    ]);
    expect(made).toEqual([one.id, two.id]);
  });

  it('loses nothing when nats-server restarts, and the agent’s loop carries on', async () => {
    const made: string[] = [];
    const agent = await buses.agentBus('a');
    const stop = await agent.consume(applier(made));
    const early = [op('a', 'site:1', 1), op('a', 'site:2', 1)];
    for (const o of early) await buses.panel.publish(o);
    await until(() => made.length === 2);
    // Queued while no agent takes work, and results no panel took yet: both kept on disk.
    await stop();
    const queued = [op('a', 'site:1', 2), op('a', 'site:3', 1)];
    for (const o of queued) await buses.panel.publish(o);
    // Killed, not stopped: what it acknowledged was on disk already.
    await buses.nats.restart('SIGKILL');

    const results: string[] = [];
    await buses.panel.onResult(async (r) => void results.push(r.id));
    await until(() => results.length === 2);
    await agent.consume(applier(made));
    await until(() => made.length === 4 && results.length === 4);

    // Restarted under a running loop: the next work still arrives.
    await buses.nats.restart();
    const late = op('a', 'site:4', 1);
    await retry(() => buses.panel.publish(late));
    await until(() => results.length === 5);
    expect(made).toEqual([...early, ...queued, late].map((o) => o.id));
    expect(results).toEqual(made);
  });
});

/** Publishing while the client reconnects may time out; the relay tries again the same way. */
async function retry(publish: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await publish();
    } catch (error) {
      if (i > 20) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
