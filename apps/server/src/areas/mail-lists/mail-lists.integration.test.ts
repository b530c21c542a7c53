import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { freePort } from '../../../test/free-port.ts';
import { mailClient } from '../../../test/support/mail-client.ts';
import { startMailNode } from '../../../test/support/mail-node.ts';
import type { Supervisor } from '../../platform/supervisor/supervisor.ts';
import { headerValues, splitMessage } from '../../platform/list-expander/list-message.ts';
import { missingBinaries, skipWhenMissing } from '../../../test/support/missing-tools.ts';

const skip = skipWhenMissing('mail lists integration test', [
  ...(await missingBinaries(['postfix', 'postmap', 'dovecot'])),
  process.getuid?.() !== 0 && 'root',
]);

const PW = 'Zeer-geheim-2026!x';

// A list made through the API on the node's real Postfix and Dovecot: Postfix hands the list's
// mail to Haven's expander (LMTP), which sends each subscriber a copy back through Postfix.
describe.skipIf(skip)('mailing lists on the supervised Postfix and Dovecot', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  let supervisor: Supervisor;
  const ports = { smtp: 0, imap: 0, lmtp: 0 };
  // Filled in before the area starts: the module reads it when it renders routes and starts.
  const host = { port: 0, smtpPort: 0 };
  const client = mailClient(ports);
  const at = (local: string) => `${local}@${c.domain}`;
  const call = (method: 'POST' | 'DELETE', path: string, payload?: object) =>
    t.call({ method, url: `/api/${c.domain}/mail${path}`, token, ...(payload ? { payload } : {}) });
  const area = () => t.ctx.areas.find((a) => a.name === 'mail-lists');

  beforeAll(async () => {
    t = await createTestApp({ mailLists: host });
    c = await t.customer();
    token = await t.login(c);
    supervisor = await startMailNode(t.dataDir, ports);
    Object.assign(host, { port: await freePort(), smtpPort: ports.smtp });
    await area()?.start?.();
    for (const name of ['anna', 'bob', 'carol'])
      expect(
        (
          await call('POST', '/account/address', {
            name,
            password: PW,
            passwordRepeat: PW,
            forwarding: { address: [] },
            alias: [],
          })
        ).statusCode,
      ).toBe(200);
    const list = await call('POST', '/list', {
      name: 'team',
      admin_email: at('anna'),
      password: PW,
      passwordRepeat: PW,
      active: true,
    });
    expect(list.statusCode).toBe(200);
    for (const name of ['anna', 'bob', 'carol'])
      await call('POST', '/list/team/subscribers', { email: at(name) });
    await call('DELETE', `/list/team/subscribers/${at('carol')}`);
  }, 90_000);

  afterAll(async () => {
    await area()?.stop?.();
    await supervisor?.stop();
    await t?.close();
  });

  it('delivers a post to each active subscriber with the list headers, not to one unsubscribed', async () => {
    await client.send(at('team'), 'first post', {}, at('anna'));
    expect(await client.inbox(at('anna'), PW, 1)).toEqual(['first post']);
    expect(await client.inbox(at('bob'), PW, 1)).toEqual(['first post']);
    const [copy] = await client.messages(at('bob'), PW);
    const head = splitMessage(copy?.source ?? Buffer.alloc(0));
    expect(headerValues(head, 'list-id')).toEqual([`<team.${c.domain}>`]);
    expect(headerValues(head, 'list-post')).toEqual([`<mailto:${at('team')}>`]);
    expect(headerValues(head, 'list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);
    expect(headerValues(head, 'return-path')[0]).toContain(at('team+bounces'));
    expect(await client.subjects(at('carol'), PW)).toEqual([]);
  }, 60_000);

  it("bounces a non-subscriber's post back to its sender", async () => {
    await client.send(at('team'), 'not a member', {}, at('carol'));
    const bounce = await client.inbox(at('carol'), PW, 1);
    expect(bounce[0]).toMatch(/Undelivered|Returned/i);
    const raw = (await client.messages(at('carol'), PW))[0]?.source.toString() ?? '';
    expect(raw).toContain('only subscribers may post');
    expect(await client.subjects(at('bob'), PW)).toEqual(['first post']);
  }, 60_000);

  it('removes the subscriber through its List-Unsubscribe link; the next post skips it', async () => {
    const [copy] = await client.messages(at('bob'), PW);
    const header = headerValues(splitMessage(copy?.source ?? Buffer.alloc(0)), 'list-unsubscribe');
    const url = /<(https?:\/\/[^>]+)>/.exec(header[0] ?? '')?.[1] ?? '';
    expect(url).toMatch(/\/mail-list\/unsubscribe\//);
    const res = await t.call({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    await client.send(at('team'), 'second post', {}, at('anna'));
    expect(await client.inbox(at('anna'), PW, 2)).toEqual(['first post', 'second post']);
    expect(await client.subjects(at('bob'), PW)).toEqual(['first post']);
  }, 60_000);
});
