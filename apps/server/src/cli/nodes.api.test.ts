import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { UsageError } from './args.ts';
import { COMMANDS } from './commands.ts';
import { createNodesStore } from '../nodes/nodes.store.ts';
import { nodesDb } from '../nodes/nodes.tables.ts';
import { redeemToken } from '../nodes/enrolment.ts';
import { createOperationsStore } from '../nodes/operations.store.ts';

describe('CLI node:add, nodes, node:revoke', () => {
  let t: TestApp;
  const lines: string[] = [];
  const run = (command: string, flags: Record<string, string | boolean> = {}) =>
    COMMANDS[command]!.run(t.ctx, flags, (l) => lines.push(l));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds a node with a one-time token, lists it, enrols it once and revokes it', async () => {
    await run('node:add', { name: 'web1', roles: 'web, mail' });
    const token = /token \(valid 1 hour, shown once\): (\S+)$/.exec(lines.at(-1)!)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await run('nodes');
    expect(lines.slice(-2)).toEqual([
      // The panel's own node: its agent beats its heart from the start.
      expect.stringMatching(/^local\troles=web,mail,dns,database\tup\theartbeat=\S+\tpending=0/),
      'web1\troles=web,mail\tenrolling\theartbeat=-\tpending=0\tfailed=0\tversion=-',
    ]);
    const store = createNodesStore(nodesDb(t.ctx.db));
    expect(await store.byName('web1')).toMatchObject({ enrol_token_hash: expect.any(String) });
    expect(await redeemToken(store, t.ctx.clock, token!)).toBe('web1');
    expect(await redeemToken(store, t.ctx.clock, token!)).toBeNull();
    await run('node:revoke', { name: 'web1' });
    expect(lines.at(-1)).toBe('node web1 revoked');
    expect(await store.byName('web1')).toMatchObject({ state: 'revoked' });
    expect(await run('node:revoke', { name: 'nope' })).toBe(1);
  });

  it('lists failed operations with their errors and queues the newest of each again', async () => {
    const db = nodesDb(t.ctx.db);
    const ops = createOperationsStore(db);
    const failed = async (object: string) => {
      const op = await ops.record(
        { id: object, node: 'local', object, call: 'ftp.grant', args: [] },
        1,
      );
      await ops.markDone({ ...op, error: { reason: 'ENOENT', message: 'no such folder' } }, 2);
      return op;
    };
    await failed('ftp-grant:/a');
    const old = await failed('ftp-grant:/b');
    await ops.record(
      { id: 'b2', node: 'local', object: old.object, call: 'ftp.grant', args: [] },
      3,
    );
    await run('node:failed', { name: 'local' });
    expect(lines.slice(-2).map((l) => l.split('\t').slice(1))).toEqual(
      expect.arrayContaining([
        ['ftp-grant:/a@1', 'ftp.grant', 'ENOENT', 'no such folder'],
        ['ftp-grant:/b@1', 'ftp.grant', 'ENOENT', 'no such folder', '(superseded)'],
      ]),
    );
    await run('node:retry', { name: 'local' });
    expect(lines.at(-1)).toMatch(/^1 operation\(s\) queued again/);
    const pending = await ops.pending(10);
    expect(pending.map((p) => `${p.object}@${p.revision}`).sort()).toEqual([
      'ftp-grant:/a@1',
      'ftp-grant:/b@2',
    ]);
    expect(pending.find((p) => p.object === 'ftp-grant:/a')?.id).not.toBe('ftp-grant:/a');
  });

  it('refuses a bad name, unknown roles, a name taken and revoking the local node', async () => {
    await expect(run('node:add', { name: 'Web_1', roles: 'web' })).rejects.toThrow(UsageError);
    await expect(run('node:add', { name: 'web2', roles: 'web,ftp' })).rejects.toThrow(
      /roles are one or more of web, mail, dns, database/,
    );
    await expect(run('node:add', { name: 'local', roles: 'web' })).rejects.toThrow(/exists/);
    await expect(run('node:revoke', { name: 'local' })).rejects.toThrow(UsageError);
  });
});
