import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPanelWithNodes, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { bindAdapter } from '../../agent/adapter-table.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import { MailServerError, type MailState } from './mail-server.port.ts';
import type { MailboxRulesWriter } from './mailbox-rules.ts';
import {
  mailServerRemote,
  mailboxObject,
  mailboxRulesRemote,
  type NodeMailServer,
} from './mail-server.remote.ts';

/** A mail server in memory: what it was given, and a refusal on a bad address. */
function fakeServer() {
  const applied: (MailState | null)[] = [];
  const calls: string[] = [];
  const server: NodeMailServer = {
    async applyDomain(domain, part) {
      if (domain.includes('/')) throw new MailServerError('invalid', 'not a domain');
      applied.push(part);
      return [{ file: 'domains', domains: [domain] }];
    },
    render: async () => [],
    parts: async () => ({ 'a.nl': 'digest' }),
    usage: async (addresses) => new Map(addresses.map((a, i) => [a, i * 1000])),
    async removeMailbox(address) {
      calls.push(`remove ${address}`);
    },
    recentMessages: async (address) => [
      {
        id: '1.M1',
        folder: 'INBOX',
        from: address,
        subject: 'Hoi',
        date: 5,
        score: 1.5,
        spam: false,
      },
    ],
    messageSource: async (_address, id, maxBytes) =>
      id === 'gone' ? null : new Uint8Array([0, 255, 13, 10, 200]).subarray(0, maxBytes),
  };
  const rules: MailboxRulesWriter = {
    async write(address, r) {
      if (r.spamfilter.blacklist.includes('sieve!'))
        throw new MailServerError('check_failed', 'sievec refused');
      calls.push(`rules ${address}`);
    },
  };
  return { server, rules, applied, calls };
}

const state: MailState = {
  domains: [{ domain: 'a.nl', catchAll: null }],
  mailboxes: [{ address: 'anna@a.nl', passwordHash: '$argon2id$x', quotaMb: 0, forwardTo: [] }],
  aliases: [],
  listRoutes: [],
};

describe('mail server spec: Postfix and Dovecot driven on a node through the bus', () => {
  let node: PanelWithNodes;
  const fake = fakeServer();
  let server: NodeMailServer;
  let rules: MailboxRulesWriter;

  beforeAll(async () => {
    const bindings = () => [
      bindAdapter(mailServerRemote, fake.server),
      bindAdapter(mailboxRulesRemote, fake.rules),
    ];
    node = await startPanelWithNodes([{ roles: ['mail'], bindings }], { applyWaitMs: 300 });
    server = node.nodes.port(mailServerRemote, 'local');
    rules = node.nodes.port(mailboxRulesRemote, 'local');
  });

  afterAll(() => node.close());

  it("applies a domain's part and answers what differed", async () => {
    expect(await server.applyDomain('a.nl', state)).toEqual([
      { file: 'domains', domains: ['a.nl'] },
    ]);
    expect(fake.applied.at(-1)).toEqual(state);
    expect(await server.parts()).toEqual({ 'a.nl': 'digest' });
  });

  it('rebuilds a refusal as MailServerError with its reason', async () => {
    const error = await server.applyDomain('a/b', state).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailServerError);
    expect(error).toMatchObject({ reason: 'invalid', message: 'not a domain' });
    const script = { autoresponder: {}, spamfilter: { blacklist: ['sieve!'] } };
    const refused = await rules
      .write('anna@a.nl', script as unknown as Parameters<MailboxRulesWriter['write']>[1])
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'MailServerError', reason: 'check_failed' });
  });

  it('reads sizes as a Map, messages, and a message source as its bytes', async () => {
    expect(await server.usage(['a@a.nl', 'b@a.nl'])).toEqual(
      new Map([
        ['a@a.nl', 0],
        ['b@a.nl', 1000],
      ]),
    );
    expect((await server.recentMessages('anna@a.nl', 5))[0]).toMatchObject({ subject: 'Hoi' });
    const bytes = await server.messageSource('anna@a.nl', '1.M1', 10);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...(bytes ?? [])]).toEqual([0, 255, 13, 10, 200]);
    expect(await server.messageSource('anna@a.nl', 'gone', 10)).toBeNull();
  });

  it("keys a mailbox's removal and its script on one object", async () => {
    expect(mailboxObject('Anna@A.nl')).toBe('mailbox:anna@a.nl');
    await server.removeMailbox('anna@a.nl');
    expect(fake.calls).toContain('remove anna@a.nl');
  });

  it('while the node is down an apply is saved and throws pending', async () => {
    await node.stopAgent();
    await expect(server.applyDomain('a.nl', state)).rejects.toBeInstanceOf(ChangePendingError);
    await expect(server.removeMailbox('bob@a.nl')).resolves.toBeUndefined();
  });
});
