import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { migrate, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { systemClock } from '../lib/clock.ts';
import type { PortSpec } from '../platform/node-bus/port-spec.ts';
import { startLocalNodes, type LocalNodes } from './local-nodes.ts';

interface Notes {
  write(name: string, text: string): Promise<void>;
}
const spec: PortSpec<Notes> = {
  name: 'notes',
  methods: { write: { kind: 'change', object: (name) => `note:${name}` } },
};

describe('the local node at start', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let local: LocalNodes;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-local-nodes-'));
    handle = openDatabase(`sqlite:${join(dir, 'panel.sqlite')}`);
    await migrate(handle);
  });
  let other: LocalNodes | null = null;
  afterEach(async () => {
    await other?.stop();
    other = null;
    await local.stop();
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies a change left pending by the last run once its adapter is bound, not before', async () => {
    local = await startLocalNodes({
      db: handle.db,
      clock: systemClock,
      log: pino({ level: 'silent' }),
      applyWaitMs: 100,
      agentDir: join(dir, 'agent'),
      nats: null,
    });
    const op = await local.nodes.outbox.record(handle.db, {
      node: 'local',
      object: 'note:a',
      call: 'notes.write',
      args: ['a', 'left over'],
    });
    local.nodes.relay.kick();
    await vi.waitFor(async () =>
      expect((await local.nodes.ops.byId(op.id))?.state).not.toBe('pending'),
    );
    const written: string[] = [];
    local.port(spec, { write: async (name, text) => void written.push(`${name}: ${text}`) });
    await local.ready();
    // Catch-up may have sent it again under a new id: the object is what counts.
    await vi.waitFor(async () =>
      expect(await local.nodes.ops.objectsOf('local')).toEqual([
        expect.objectContaining({
          object: 'note:a',
          revision: op.revision,
          applied_revision: op.revision,
        }),
      ]),
    );
    expect(written).toEqual(['a: left over']);
  });

  it("applies a change on the agent of the process that made it (the server's or a CLI's)", async () => {
    const start = (name: string) =>
      startLocalNodes({
        db: handle.db,
        clock: systemClock,
        log: pino({ level: 'silent' }),
        applyWaitMs: 5_000,
        agentDir: join(dir, name),
        nats: null,
      });
    local = await start('server');
    other = await start('cli');
    const applied: string[] = [];
    const bind = async (nodes: LocalNodes, name: string) => {
      const port = nodes.port(spec, { write: async (n) => void applied.push(`${name}: ${n}`) });
      await nodes.ready();
      return port('local');
    };
    await bind(local, 'server');
    const cli = await bind(other, 'cli');
    for (const n of ['a', 'b', 'c', 'd', 'e']) await cli.write(n, 'x');
    expect(applied).toEqual(['cli: a', 'cli: b', 'cli: c', 'cli: d', 'cli: e']);
  });
});
