import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { until } from '../../../test/support/integration-services.ts';
import { mailClient } from '../../../test/support/mail-client.ts';
import type { Supervisor } from '../../platform/supervisor/supervisor.ts';
import { startMailNode } from '../../../test/support/mail-node.ts';
import { missingBinaries, skipWhenMissing } from '../../../test/support/missing-tools.ts';

const skip = skipWhenMissing('mail statistics integration test', [
  ...(await missingBinaries(['postfix', 'postmap', 'dovecot'])),
  process.getuid?.() !== 0 && 'root',
]);

const PW = 'Zeer-geheim-2026!x';

interface Totals {
  smtp_in: number;
  smtp_out: number;
  pop3_imap_in: number;
  pop3_imap_out: number;
}

// A message through the supervised Postfix into a mailbox, read over IMAP from Dovecot: the
// refresh reads both servers' logs (the local profile's paths) into the domain's day.
describe.skipIf(skip)('mail traffic from the supervised Postfix and Dovecot logs', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let supervisor: Supervisor;
  const ports = { smtp: 0, imap: 0, lmtp: 0 };
  const client = mailClient(ports);

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    supervisor = await startMailNode(t.dataDir, ports);
    expect(supervisor.statuses().map((s) => s.state)).toEqual(['running', 'running']);
  }, 90_000);

  afterAll(async () => {
    await supervisor?.stop();
    await t?.close();
  });

  const mailbox = async (c: TestCustomer, name: string) => {
    const res = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/mail/account/address`,
      token: await t.login(c),
      payload: { name, password: PW, passwordRepeat: PW, forwarding: { address: [] }, alias: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const totals = async (c: TestCustomer) => {
    const token = await t.login(c);
    const url = `/api/${c.domain}/statistics`;
    expect((await t.call({ method: 'POST', url: `${url}/refresh`, token })).statusCode).toBe(200);
    const res = await t.call({ method: 'GET', url: `${url}/traffic`, token });
    const body = res.json<{ total: Totals; days: (Totals & { date: string })[] }>();
    return { total: body.total, today: body.days.at(-1) };
  };

  it("counts a delivered message as the domain's SMTP in, its IMAP reading as out", async () => {
    await mailbox(a, 'anna');
    await mailbox(b, 'bert');
    await client.send(`anna@${a.domain}`, 'counted');
    // Sent by the domain's own address: SMTP out for it, and in again where it is delivered.
    await createTransport({ host: '127.0.0.1', port: ports.smtp, ignoreTLS: true }).sendMail({
      from: `anna@${a.domain}`,
      to: `anna@${a.domain}`,
      subject: 'to myself',
      text: 'hello',
    });
    expect(await client.inbox(`anna@${a.domain}`, PW, 2)).toEqual(['counted', 'to myself']);

    const seen = await until(
      'mail bytes in the statistics',
      async () => {
        const s = await totals(a);
        return s.total.smtp_in > 0 && s.total.pop3_imap_out > 0 ? s : undefined;
      },
      30_000,
    );
    expect(seen.total.smtp_out).toBeGreaterThan(0);
    expect(seen.total.smtp_in).toBeGreaterThan(seen.total.smtp_out);
    expect(seen.total.pop3_imap_in).toBeGreaterThan(0);
    expect(seen.today).toMatchObject({ date: new Date().toISOString().slice(0, 10) });
    expect(seen.today?.smtp_in).toBe(seen.total.smtp_in);
    expect(seen.today?.pop3_imap_out).toBe(seen.total.pop3_imap_out);

    const other = await totals(b);
    expect(other.total).toMatchObject({
      smtp_in: 0,
      smtp_out: 0,
      pop3_imap_in: 0,
      pop3_imap_out: 0,
    });

    // A second refresh adds nothing: the cursors moved with the bytes.
    expect((await totals(a)).total).toEqual(seen.total);
  }, 60_000);
});
