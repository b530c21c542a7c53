import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { migrate, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createInProcessBus, type InProcessBus } from '../node-bus/node-bus.in-process.ts';
import { systemClock } from '../../lib/clock.ts';
import { bindAdapter, createAdapterTable } from '../../agent/adapter-table.ts';
import { heldFile } from '../../agent/held-revisions.ts';
import { startAgent, type Agent } from '../../agent/agent.ts';
import { createNodes, type Nodes } from '../../nodes/nodes.service.ts';
import { createNodesStore } from '../../nodes/nodes.store.ts';
import { nodesDb } from '../../nodes/nodes.tables.ts';
import type { MailFilter, MailFilterRules } from './mail-filter.port.ts';
import { absentMailFilter } from './mail-filter.rspamd.ts';
import { FilterRejectedError } from './rspamd-files.ts';
import { dkimKeysRemote, mailFilterRemote, type DkimKeys } from './mail-filter.remote.ts';

/** A filter in memory over one node's Maildir of two messages, as rspamd's adapter reads it. */
function fakeFilter() {
  const applied: MailFilterRules[] = [];
  const learned: string[] = [];
  const maildir = new Map([
    ['anna@a.nl/1.M1', 'Subject: win'],
    ['anna@a.nl/2.M2', `Subject: ${'x'.repeat(100)}`],
  ]);
  const filter: MailFilter = {
    async apply(rules) {
      if (rules.signing.includes('refused.nl'))
        throw new FilterRejectedError('rspamadm configtest: no');
      applied.push(rules);
    },
    async learn(kind, { address, id, maxBytes }) {
      const source = maildir.get(`${address}/${id}`);
      if (source === undefined) return 'not_found';
      if (source.length > maxBytes) return 'too_large';
      learned.push(`${kind} ${source}`);
      return 'learned';
    },
    learns: async () => true,
  };
  const dkim: DkimKeys = {
    key: async (domain) => ({ domain, selector: 'haven', keyPath: '/k', txt: 'v=DKIM1; p=AB' }),
  };
  return { filter, dkim, applied, learned };
}

describe('mail filter spec: rspamd and the DKIM keys driven on a node through the bus', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let bus: InProcessBus;
  let nodes: Nodes;
  const agents: Agent[] = [];
  const fake = fakeFilter();
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-filter-remote-'));
    handle = openDatabase(`sqlite:${join(dir, 'panel.sqlite')}`);
    await migrate(handle);
    bus = createInProcessBus();
    nodes = createNodes({
      db: handle.db,
      bus: bus.panel,
      clock: systemClock,
      log,
      applyWaitMs: 300,
    });
    await nodes.start();
    const node = { name: 'bare', roles: ['mail'], tokenHash: 'x', expiresAt: 0, now: 0 };
    await createNodesStore(nodesDb(handle.db)).add(node);
    // `local` runs the fake rspamd; `bare` runs no filter at all.
    const tables = {
      local: [bindAdapter(mailFilterRemote, fake.filter), bindAdapter(dkimKeysRemote, fake.dkim)],
      bare: [bindAdapter(mailFilterRemote, absentMailFilter())],
    };
    for (const [node, bindings] of Object.entries(tables))
      agents.push(
        await startAgent({
          bus: bus.agent(node),
          table: createAdapterTable(bindings),
          held: heldFile(join(dir, `agent-${node}`)),
          roles: ['mail'],
          version: 'test',
          clock: systemClock,
          log,
        }),
      );
  });

  afterAll(async () => {
    for (const agent of agents) await agent.stop();
    await nodes.stop();
    await bus.panel.close();
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies the rules and rebuilds a refused config as FilterRejectedError', async () => {
    const filter = nodes.port(mailFilterRemote, 'local');
    const rules = { signing: ['a.nl'], mailboxes: [] };
    await filter.apply(rules);
    expect(fake.applied).toEqual([rules]);
    const error = await filter
      .apply({ signing: ['refused.nl'], mailboxes: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FilterRejectedError);
    expect(error).toMatchObject({ code: 'filter_rejected', message: 'rspamadm configtest: no' });
  });

  it('learns a message the node reads from its own Maildir; only its name crosses', async () => {
    const filter = nodes.port(mailFilterRemote, 'local');
    expect(await filter.learns()).toBe(true);
    const message = { address: 'anna@a.nl', id: '1.M1', maxBytes: 50 };
    expect(await filter.learn('spam', message)).toBe('learned');
    expect(await filter.learn('spam', { ...message, id: '9.M9' })).toBe('not_found');
    expect(await filter.learn('ham', { ...message, id: '2.M2' })).toBe('too_large');
    expect(fake.learned).toEqual(['spam Subject: win']);
  });

  it('a node without a filter does not learn, and says why when asked to', async () => {
    const filter = nodes.port(mailFilterRemote, 'bare');
    expect(await filter.learns()).toBe(false);
    await filter.apply({ signing: ['a.nl'], mailboxes: [] });
    const error = await filter
      .learn('spam', { address: 'anna@a.nl', id: '1.M1', maxBytes: 50 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'filter_unavailable' });
  });

  it("answers a domain's DKIM key from its node", async () => {
    const keys = nodes.port(dkimKeysRemote, 'local');
    expect(await keys.key('a.nl')).toMatchObject({ selector: 'haven', txt: 'v=DKIM1; p=AB' });
  });
});
