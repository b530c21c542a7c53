import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { UsageError } from './args.ts';
import { COMMANDS } from './commands.ts';
import { createNodesStore } from '../nodes/nodes.store.ts';
import { nodesDb } from '../nodes/nodes.tables.ts';
import { redeemToken } from '../nodes/enrolment.ts';

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
      expect.stringMatching(/^local\troles=web,mail,dns,database\tdown\theartbeat=-\tpending=0/),
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

  it('refuses a bad name, unknown roles, a name taken and revoking the local node', async () => {
    await expect(run('node:add', { name: 'Web_1', roles: 'web' })).rejects.toThrow(UsageError);
    await expect(run('node:add', { name: 'web2', roles: 'web,ftp' })).rejects.toThrow(
      /roles are one or more of web, mail, dns, database/,
    );
    await expect(run('node:add', { name: 'local', roles: 'web' })).rejects.toThrow(/exists/);
    await expect(run('node:revoke', { name: 'local' })).rejects.toThrow(UsageError);
  });
});
