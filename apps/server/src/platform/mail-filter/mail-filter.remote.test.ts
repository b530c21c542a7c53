import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPanelWithNodes, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { bindAdapter } from '../../agent/adapter-table.ts';
import type { Nodes } from '../../nodes/nodes.service.ts';
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
  let panel: PanelWithNodes;
  let nodes: Nodes;
  const fake = fakeFilter();

  beforeAll(async () => {
    // `local` runs the fake rspamd; `bare` runs no filter at all.
    const setups = [
      {
        roles: ['mail'],
        bindings: () => [
          bindAdapter(mailFilterRemote, fake.filter),
          bindAdapter(dkimKeysRemote, fake.dkim),
        ],
      },
      {
        node: 'bare',
        roles: ['mail'],
        bindings: () => [bindAdapter(mailFilterRemote, absentMailFilter())],
      },
    ];
    const node = { name: 'bare', roles: ['mail'], tokenHash: 'x', expiresAt: 0, now: 0 };
    panel = await startPanelWithNodes(setups, {
      applyWaitMs: 300,
      beforeAgents: async (p) => createNodesStore(nodesDb(p.db)).add(node),
    });
    nodes = panel.nodes;
  });

  afterAll(() => panel.close());

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
