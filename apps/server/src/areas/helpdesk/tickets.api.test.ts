import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { uploadForm } from '../../../test/support/upload-form.ts';
import type { HelpdeskExports } from './helpdesk.exports.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface TicketJson {
  id: number;
  status: string;
  messages: { author: string; body: string; attachments: { id: number; filename: string }[] }[];
}

describe('helpdesk tickets API and operator API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let control: HelpdeskExports['operator'];
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    control = t.ctx.operatorTools.helpdesk;
  });
  afterAll(() => t.close());

  const upload = (token: string, files: [string, string | Buffer][]) => {
    const form = uploadForm(files);
    return t.call({ method: 'POST', url: '/api/helpdesk/attachment', token, ...form });
  };
  const open = async (token: string, domain: string, attachments: number[] = []) =>
    t.call({
      method: 'POST',
      url: '/api/helpdesk/ticket',
      token,
      payload: {
        about: { domain, kind: 'domain' },
        category: 'question',
        subject: 'Mijn site is traag',
        message: '<script>alert(1)</script> help',
        attachments,
      },
    });
  const mails = async () => {
    const dir = join(t.dataDir, 'outbox');
    const names = await readdir(dir).catch(() => [] as string[]);
    return Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
  };

  it('opens a ticket with a sniffed attachment, the operator answers, the customer replies and closes', async () => {
    const token = await t.login(a);
    const up = await upload(token, [['scherm.png', PNG]]);
    expect(up.statusCode, up.body).toBe(200);
    const [att] = (up.json() as { attachments: { id: number; content_type: string }[] })
      .attachments;
    expect(att?.content_type).toBe('image/png');
    const res = await open(token, a.domain, [att?.id ?? 0]);
    expect(res.statusCode, res.body).toBe(200);
    const ticket = (res.json() as { ticket: TicketJson }).ticket;
    expect(ticket.status).toBe('open');
    // Stored as written: the web shows it as text.
    expect(ticket.messages[0]?.body).toBe('<script>alert(1)</script> help');
    expect(ticket.messages[0]?.attachments[0]?.filename).toBe('scherm.png');
    const file = await t.call({ method: 'GET', url: `/api/helpdesk/attachment/${att?.id}`, token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // The same attachment cannot be sent twice.
    expect((await open(token, a.domain, [att?.id ?? 0])).json()).toEqual({
      custom_message: 'attachment_not_found',
    });

    // The operator API with a scoped key.
    const key = await control.keys.create('bot', ['tickets:read', 'tickets:write']);
    const auth = { authorization: `Bearer ${key.key}` };
    const list = await t.call({ method: 'GET', url: '/api/operator/tickets', headers: auth });
    expect(list.json()).toMatchObject({ total: 1, tickets: [{ id: ticket.id, status: 'open' }] });
    const before = (await mails()).length;
    const answer = await t.call({
      method: 'POST',
      url: `/api/operator/tickets/${ticket.id}/answer`,
      headers: auth,
      payload: { message: 'We kijken ernaar.' },
    });
    expect(answer.json()).toMatchObject({ ticket: { status: 'answered' } });
    const sent = await mails();
    expect(sent.length).toBe(before + 1);
    expect(sent.some((m) => m.includes(`owner@${a.domain}`))).toBe(true);

    const reply = await t.call({
      method: 'POST',
      url: `/api/helpdesk/ticket/${ticket.id}/reply`,
      token,
      payload: { message: 'Dank je' },
    });
    expect(reply.json()).toMatchObject({ ticket: { status: 'open' } });
    const closed = await t.call({
      method: 'POST',
      url: `/api/helpdesk/ticket/${ticket.id}/close`,
      token,
    });
    expect((closed.json() as { ticket: TicketJson }).ticket.messages.map((m) => m.author)).toEqual([
      'customer',
      'provider',
      'customer',
    ]);
    const late = await t.call({
      method: 'POST',
      url: `/api/helpdesk/ticket/${ticket.id}/reply`,
      token,
      payload: { message: 'nog iets' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ custom_message: 'ticket_closed' });

    // Another customer: 404 for the ticket and its attachment, and nothing to reply to.
    const other = await t.login(b);
    for (const url of [`/api/helpdesk/ticket/${ticket.id}`, `/api/helpdesk/attachment/${att?.id}`])
      expect((await t.call({ method: 'GET', url, token: other })).statusCode, url).toBe(404);
    const foreign = await t.call({
      method: 'POST',
      url: `/api/helpdesk/ticket/${ticket.id}/close`,
      token: other,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: '/api/helpdesk/ticket', token: other })).json(),
    ).toEqual({
      tickets: [],
      total: 0,
    });
  });

  it('mails no answer when the support preference is off', async () => {
    const token = await t.login(b);
    await t.call({
      method: 'PUT',
      url: '/api/helpdesk/mailing',
      token,
      payload: {
        blog_news: false,
        actions_offers: false,
        invoices_collection: true,
        support: false,
      },
    });
    const ticket = ((await open(token, b.domain)).json() as { ticket: TicketJson }).ticket;
    const before = (await mails()).length;
    const answered = await control.tickets.answer(ticket.id, 'Opgelost');
    expect(answered.status).toBe('answered');
    expect((await mails()).length).toBe(before);
  });

  it('refuses bad attachments and keeps nothing', async () => {
    const token = await t.login(a);
    const cases: [string, string | Buffer, string][] = [
      ['echt.png', 'geen plaatje', 'attachment_type'],
      ['script.exe', Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'attachment_type'],
      ['plaatje.txt', PNG, 'attachment_type'],
      ['.htaccess', 'Deny from all', 'attachment_name'],
      ['leeg.txt', '', 'attachment_type'],
      ['groot.txt', 'a'.repeat(5_000_001), 'attachment_too_large'],
    ];
    for (const [name, data, code] of cases) {
      const res = await upload(token, [[name, data]]);
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({ custom_message: code });
    }
    const many = await upload(token, [
      ['1.txt', 'a'],
      ['2.txt', 'b'],
      ['3.txt', 'c'],
      ['4.txt', 'd'],
    ]);
    expect(many.json()).toEqual({ custom_message: 'too_many_attachments' });
    const stored = await readdir(join(t.dataDir, 'helpdesk-attachments'));
    // Only the one PNG of the first test is kept.
    expect(stored).toHaveLength(1);
  });

  it('refuses a ticket about what is not the customer’s, and bad fields', async () => {
    const token = await t.login(a);
    const base = { category: 'question', subject: 'x', message: 'y' };
    const bad: [object, number, string][] = [
      [{ ...base, about: { domain: b.domain, kind: 'domain' } }, 422, 'about_not_found'],
      [
        { ...base, about: { domain: a.domain, kind: 'database', name: 'x_y' } },
        422,
        'about_not_found',
      ],
      [
        { ...base, about: { domain: a.domain, kind: 'domain' }, category: 'spam' },
        422,
        'validation',
      ],
      [{ ...base, about: { domain: a.domain, kind: 'domain' }, subject: ' ' }, 422, 'validation'],
      [
        { ...base, about: { domain: a.domain, kind: 'domain' }, message: 'x'.repeat(10_001) },
        422,
        'validation',
      ],
      [
        { ...base, about: { domain: a.domain, kind: 'domain' }, attachments: [999999] },
        422,
        'attachment_not_found',
      ],
      [{ ...base, about: { domain: a.domain, kind: 'domain' }, extra: 1 }, 422, 'validation'],
    ];
    for (const [payload, status, code] of bad) {
      const res = await t.call({ method: 'POST', url: '/api/helpdesk/ticket', token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect((res.json() as { custom_message: string }).custom_message).toBe(code);
    }
    const subjects = await t.call({ method: 'GET', url: '/api/helpdesk/ticket-about', token });
    expect(subjects.json()).toEqual({ subjects: [{ domain: a.domain, kind: 'domain', name: '' }] });
  });

  it("offers the customer's own failed jobs as subjects, never another's", async () => {
    const c = await t.customer();
    const other = await t.customer();
    const job = async (domain: string, id: string, state: 'failed' | 'done') => {
      const row = await t.ctx.customers.domainByName(domain);
      await t.ctx.db
        .insertInto('jobs')
        .values({
          id,
          kind: 'webapp-install',
          domain_id: row?.id ?? null,
          state,
          progress: 10,
          payload: '{}',
          result: null,
          error: 'checksum_mismatch',
          attempts: 1,
          worker: null,
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .execute();
    };
    await job(c.domain, 'job-failed-own', 'failed');
    await job(c.domain, 'job-done-own', 'done');
    await job(other.domain, 'job-failed-other', 'failed');
    const token = await t.login(c);
    const subjects = await t.call({ method: 'GET', url: '/api/helpdesk/ticket-about', token });
    expect(subjects.json()).toEqual({
      subjects: [
        { domain: c.domain, kind: 'domain', name: '' },
        { domain: c.domain, kind: 'job', name: 'job-failed-own' },
      ],
    });
  });

  it('keeps the operator API from missing, wrong, unscoped and revoked keys', async () => {
    const url = '/api/operator/tickets';
    const call = (key?: string, method: 'GET' | 'POST' = 'GET', to = url, payload?: object) =>
      t.call({
        method,
        url: to,
        ...(payload ? { payload } : {}),
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });
    expect((await call()).statusCode).toBe(401);
    expect((await call('hvk_aaaaaaaaaaaa_' + 'b'.repeat(43))).statusCode).toBe(401);
    // A customer's session is not an operator key.
    expect((await call(await t.login(a))).statusCode).toBe(401);
    const reader = await control.keys.create('reader', ['tickets:read']);
    expect((await call(reader.key)).statusCode).toBe(200);
    const tampered = reader.key.slice(0, -1) + (reader.key.endsWith('A') ? 'B' : 'A');
    expect((await call(tampered)).statusCode).toBe(401);
    const write = await call(reader.key, 'POST', `${url}/1/status`, { status: 'closed' });
    expect(write.statusCode).toBe(403);
    const stored = await control.keys.list();
    // `hvk_<12-char id>_<secret>`; the secret is base64url and may itself hold `_`.
    const secret = reader.key.slice('hvk_'.length + 12 + 1);
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(stored)).not.toContain(secret);
    await control.keys.revoke(reader.id);
    expect((await call(reader.key)).statusCode).toBe(401);
    const writer = await control.keys.create('w', ['tickets:write', 'tickets:read']);
    expect(
      (await call(writer.key, 'POST', `${url}/999999/status`, { status: 'closed' })).statusCode,
    ).toBe(404);
    expect((await call(writer.key, 'POST', `${url}/1/status`, { status: 'weg' })).statusCode).toBe(
      422,
    );
    expect((await call(writer.key, 'POST', `${url}/1/answer`, { message: '' })).statusCode).toBe(
      422,
    );
  });
});
