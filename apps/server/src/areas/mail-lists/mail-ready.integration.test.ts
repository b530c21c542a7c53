import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { freePort } from '../../../test/free-port.ts';
import { mailClient } from '../../../test/support/mail-client.ts';
import { startMailNode } from '../../../test/support/mail-node.ts';
import type { Supervisor } from '../../platform/supervisor/supervisor.ts';
import { missingBinaries, skipWhenMissing } from '../../../test/support/missing-tools.ts';

const skip = skipWhenMissing('mail ready integration test', [
  ...(await missingBinaries(['postfix', 'postmap', 'dovecot'])),
  process.getuid?.() !== 0 && 'root',
]);

const PW = 'Zeer-geheim-2026!x';

// A customer's new address takes mail at once: the API answers only once Postfix and Dovecot
// (and the list expander, through Postfix's transport table) would accept it.
describe.skipIf(skip)('an address answers mail as soon as the API says it exists', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  let supervisor: Supervisor;
  const ports = { smtp: 0, imap: 0, lmtp: 0 };
  const host = { port: 0, smtpPort: 0 };
  const client = mailClient(ports);
  const at = (local: string) => `${local}@${c.domain}`;
  const call = async (method: 'POST' | 'DELETE', path: string, payload?: object) => {
    const res = await t.call({
      method,
      url: `/api/${c.domain}/mail${path}`,
      token,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const area = () => t.ctx.areas.find((a) => a.name === 'mail-lists');

  beforeAll(async () => {
    t = await createTestApp({ mailLists: host });
    c = await t.customer();
    token = await t.login(c);
    supervisor = await startMailNode(t.dataDir, ports);
    Object.assign(host, { port: await freePort(), smtpPort: ports.smtp });
    await area()?.start?.();
    await call('POST', '/account/address', {
      name: 'anna',
      password: PW,
      passwordRepeat: PW,
      forwarding: { address: [] },
      alias: [],
    });
  }, 90_000);

  afterAll(async () => {
    await area()?.stop?.();
    await supervisor?.stop();
    await t?.close();
  });

  // Each round first delivers to anna, so Dovecot and Postfix have just looked their tables up
  // (the old code's race: Dovecot kept its passwd-file for the rest of that second, and
  // trivial-rewrite kept the old transport table, so the new addresses bounced with 5.1.1).
  it('delivers mail sent right after a mailbox, alias, forward and list are created', async () => {
    const toAnna: string[] = [];
    for (const i of [1, 2]) {
      await client.send(at('anna'), `warm ${i}`, {}, at('anna'));
      await call('POST', '/account/address', {
        name: `box${i}`,
        password: PW,
        passwordRepeat: PW,
        forwarding: { address: [] },
        alias: [`alias${i}`],
      });
      await client.send(at(`box${i}`), `box ${i}`, {}, at('anna'));
      await client.send(at(`alias${i}`), `alias ${i}`, {}, at('anna'));
      await call('POST', '/forward', { from: `fw${i}`, to: at('anna') });
      await client.send(at(`fw${i}`), `forward ${i}`, {}, at('anna'));
      await call('POST', '/list', {
        name: `list${i}`,
        admin_email: at('anna'),
        password: PW,
        passwordRepeat: PW,
        active: true,
      });
      await call('POST', `/list/list${i}/subscribers`, { email: at('anna') });
      await client.send(at(`list${i}`), `list ${i}`, {}, at('anna'));
      toAnna.push(`warm ${i}`, `forward ${i}`, `list ${i}`);
      expect(await client.inbox(at(`box${i}`), PW, 2)).toEqual([`alias ${i}`, `box ${i}`]);
    }
    await client.inbox(at('anna'), PW, toAnna.length);
    // A bounce would come back to anna, the sender: none did.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await client.subjects(at('anna'), PW)).toEqual(toAnna.sort());
  }, 120_000);
});
