import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTORESPONDER_DEFAULTS, SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { mailClient } from '../../../test/support/mail-client.ts';
import type { Supervisor } from '../../platform/supervisor/supervisor.ts';
import { startMailNode } from '../../../test/support/mail-node.ts';
import { missingBinaries, skipWhenMissing } from '../../../test/support/missing-tools.ts';

const skip = skipWhenMissing('mail area integration test', [
  ...(await missingBinaries(['postfix', 'postmap', 'dovecot', 'doveconf', 'sievec'])),
  process.getuid?.() !== 0 && 'root',
]);

const PW = 'Zeer-geheim-2026!x';
const NEW_PW = 'Ander-wachtwoord-2027?y';

// The panel's API drives the node's real Postfix and Dovecot (supervised on loopback ports in
// the test app's data dir, the local profile's layout): what a customer clicks receives mail.
describe.skipIf(skip)('mail area on the supervised Postfix and Dovecot', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  let supervisor: Supervisor;
  const ports = { smtp: 0, imap: 0, lmtp: 0 };
  const client = mailClient(ports);
  const at = (local: string) => `${local}@${c.domain}`;
  const call = (method: 'POST' | 'PUT', path: string, payload: object) =>
    t.call({ method, url: `/api/${c.domain}/mail${path}`, token, payload });

  beforeAll(async () => {
    t = await createTestApp();
    c = await t.customer();
    token = await t.login(c);
    supervisor = await startMailNode(t.dataDir, ports);
    expect(supervisor.statuses().map((s) => s.state)).toEqual(['running', 'running']);
  }, 90_000);

  afterAll(async () => {
    await supervisor?.stop();
    if (process.env.KEEP_MAIL_TEST) console.warn(`kept ${t.dataDir}`);
    else await t?.close();
  });

  it('delivers to a new mailbox, its alias, a group and a forward; refuses unknown', async () => {
    const mailbox = (name: string, alias: string[] = []) =>
      call('POST', '/account/address', {
        name,
        password: PW,
        passwordRepeat: PW,
        forwarding: { address: [] },
        alias,
      });
    expect((await mailbox('anna', ['verkoop'])).statusCode).toBe(200);
    expect((await mailbox('bob')).statusCode).toBe(200);
    const group = await call('POST', '/account/group', {
      name: 'team',
      alias: [],
      members: [at('anna'), at('bob')],
    });
    expect(group.statusCode).toBe(200);
    expect((await call('POST', '/forward', { from: 'shop', to: at('bob') })).statusCode).toBe(200);
    await client.send(at('anna'), 'direct');
    await client.send(at('verkoop'), 'alias');
    await client.send(at('team'), 'group');
    await client.send(at('shop'), 'forward');
    await expect(client.send(at('nobody'), 'lost')).rejects.toThrow(/550|Recipient/i);
    expect(await client.inbox(at('anna'), PW, 3)).toEqual(['alias', 'direct', 'group']);
    expect(await client.inbox(at('bob'), PW, 2)).toEqual(['forward', 'group']);
  }, 60_000);

  it('sends unknown addresses to the catch-all once it is set', async () => {
    const res = await call('PUT', '/settings', {
      active: true,
      catch_all: 'forward',
      catch_all_address: at('bob'),
    });
    expect(res.statusCode).toBe(200);
    await client.send(at('whoever'), 'caught');
    expect(await client.inbox(at('bob'), PW, 3)).toContain('caught');
  });

  it("moves spam to the mailbox's Junk folder through its Sieve script", async () => {
    const res = await call('PUT', '/account/address/anna', {
      forwarding: { address: [] },
      alias: ['verkoop'],
      quota: 0,
      autoresponder: AUTORESPONDER_DEFAULTS,
      spamfilter: { ...SPAMFILTER_DEFAULTS, action: 'move' },
    });
    expect(res.statusCode).toBe(200);
    // rspamd is not in this test: the header it would set is sent as is.
    await client.send(at('anna'), 'spammy', { 'X-Spam': 'Yes' });
    expect(await client.inbox(at('anna'), PW, 1, 'Junk')).toEqual(['spammy']);
  });

  it('takes a changed password at once; the old one no longer works', async () => {
    const res = await call('PUT', '/account/address/bob', {
      password: NEW_PW,
      passwordRepeat: NEW_PW,
      forwarding: { address: [] },
      alias: [],
      quota: 0,
      autoresponder: AUTORESPONDER_DEFAULTS,
      spamfilter: SPAMFILTER_DEFAULTS,
    });
    expect(res.statusCode).toBe(200);
    expect((await client.inbox(at('bob'), NEW_PW, 3)).length).toBeGreaterThanOrEqual(3);
    await expect(client.subjects(at('bob'), PW)).rejects.toThrow();
  });

  it("answers a sender once per the autoresponder's interval, through Postfix", async () => {
    const res = await call('PUT', '/account/address/bob', {
      forwarding: { address: [] },
      alias: [],
      quota: 0,
      autoresponder: {
        ...AUTORESPONDER_DEFAULTS,
        enabled: true,
        subject: 'Away',
        text: 'Back on Monday.',
        days: 1,
      },
      spamfilter: SPAMFILTER_DEFAULTS,
    });
    expect(res.statusCode).toBe(200);
    const replies = async () =>
      (await client.subjects(at('anna'), PW)).filter((s) => s === 'Away').length;
    const before = (await client.subjects(at('bob'), NEW_PW)).length;
    const annaBefore = (await client.subjects(at('anna'), PW)).length;
    await client.send(at('bob'), 'first', {}, at('anna'));
    await client.inbox(at('anna'), PW, annaBefore + 1);
    expect(await replies()).toBe(1);
    await client.send(at('bob'), 'second', {}, at('anna'));
    await client.inbox(at('bob'), NEW_PW, before + 2);
    // The reply, had there been one, was handed to Postfix before bob's copy was stored.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await replies()).toBe(1);
  }, 60_000);

  it('sends the autoresponder\'s "forward to" a copy; answers per day spread the answers', async () => {
    const res = await call('PUT', '/account/address/bob', {
      forwarding: { address: [] },
      alias: [],
      quota: 0,
      autoresponder: {
        ...AUTORESPONDER_DEFAULTS,
        enabled: true,
        subject: 'Out',
        text: 'Back on Tuesday.',
        days: 1,
        // One answer an hour at most (vacation :seconds, a Pigeonhole extension the node enables).
        answers_per_day: 24,
        forward_to: at('anna'),
      },
      spamfilter: SPAMFILTER_DEFAULTS,
    });
    expect(res.statusCode).toBe(200);
    const annaBefore = (await client.subjects(at('anna'), PW)).length;
    await client.send(at('bob'), 'third', {}, at('anna'));
    // anna gets the answer and, as the forward-to address, a copy of what bob got.
    const got = await client.inbox(at('anna'), PW, annaBefore + 2);
    expect(got.filter((s) => s === 'Out')).toHaveLength(1);
    expect(got).toContain('third');
    await client.send(at('bob'), 'fourth', {}, at('anna'));
    await client.inbox(at('anna'), PW, annaBefore + 3);
    await new Promise((r) => setTimeout(r, 3000));
    const after = await client.subjects(at('anna'), PW);
    expect(after.filter((s) => s === 'Out')).toHaveLength(1);
    expect(after).toContain('fourth');
  }, 60_000);
});
