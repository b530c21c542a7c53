import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import type { Principal } from '../../model/principal.ts';
import { localMailLayout } from '../../platform/mail-server/layout.ts';
import { postfixDovecotMailServer } from '../../platform/mail-server/mail-server.postfix-dovecot.ts';
import { createMailTrainingService } from './mail-training.service.ts';
import { createTrainingStore } from './mail-training.store.ts';
import { createMailStore } from './mail.store.ts';
import { addMailboxes } from '../../../test/support/mailboxes.ts';
import type { MailTables } from './mail.tables.ts';

const PW = 'Zeer-geheim-2026!x';

const mail = (subject: string, status: string | null, date = 'Tue, 24 Nov 2026 10:00:00 +0000') =>
  [
    'From: =?utf-8?B?SsO8cmdlbg==?= <j@elsewhere.test>',
    `Subject: ${subject}`,
    `Date: ${date}`,
    ...(status ? [`X-Spam-Status: ${status}`] : []),
    '',
    'Body.',
    '',
  ].join('\r\n');

describe('spam training (API, the Maildir on disk)', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  let maildir = '';
  const url = (name = 'anna') => `/api/${c.domain}/mail/account/address/${name}/training`;
  const get = (as = token, name = 'anna') => t.call({ method: 'GET', url: url(name), token: as });
  const post = (payload: object, as = token) =>
    t.call({ method: 'POST', url: url(), token: as, payload });
  const deliver = async (folder: string, file: string, text: string) => {
    await mkdir(join(maildir, folder, 'new'), { recursive: true });
    await mkdir(join(maildir, folder, 'cur'), { recursive: true });
    await writeFile(join(maildir, folder, file), text);
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await t.customer();
    token = await t.login(c);
    await addMailboxes(t, c, token, ['anna', 'bob'], PW);
    maildir = join(localMailLayout(t.dataDir).mailRoot, c.domain, 'anna', 'Maildir');
    await deliver('', 'new/1795000000.M1P1.host,S=100', mail('Lunch', 'No, score=0.40'));
    await deliver('', 'cur/1795000100.M2P1.host,S=100:2,S', mail('Hello', null));
    await deliver(
      '.Junk',
      'cur/1795000200.M3P1.host:2,',
      mail('=?utf-8?Q?W=C3=AEn?=', 'Yes, score=12.5'),
    );
    // A link in the Maildir is never read (it could point at another customer's files).
    await symlink('/etc/passwd', join(maildir, 'new', '1795000300.M4P1.host'));
  });
  afterAll(() => t.close());

  it("lists the newest messages of the inbox and the spam folder with the filter's score", async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      mails: [
        expect.objectContaining({
          id: '1795000200.M3P1.host',
          folder: 'Junk',
          subject: 'Wîn',
          score: 12.5,
          type: 'spam',
          training_status: null,
        }),
        expect.objectContaining({
          id: '1795000100.M2P1.host,S=100',
          folder: 'INBOX',
          subject: 'Hello',
          score: null,
          type: null,
        }),
        expect.objectContaining({
          id: '1795000000.M1P1.host,S=100',
          from: 'Jürgen <j@elsewhere.test>',
          score: 0.4,
          type: 'ham',
          timestamp: Date.parse('Tue, 24 Nov 2026 10:00:00 +0000') / 1000,
        }),
      ],
      spam: 0,
      ham: 0,
      total: 0,
      learning: false,
    });
  });

  it('answers filter_unavailable without a filter, and checks ids and owners first', async () => {
    const ok = { ids: ['1795000000.M1P1.host,S=100'], mark: 'spam' };
    expect((await post(ok)).json().custom_message).toBe('filter_unavailable');
    for (const id of ['../../bob/Maildir/x', '.Junk', '', 'a/b'])
      expect((await post({ ids: [id], mark: 'spam' })).statusCode).toBe(422);
    expect((await post({ ids: [], mark: 'spam' })).statusCode).toBe(422);
    expect((await post({ ...ok, mark: 'maybe' })).statusCode).toBe(422);
    const other = await t.customer();
    const res = await t.call({
      method: 'GET',
      url: `/api/${other.domain}/mail/account/address/anna/training`,
      token,
    });
    expect(res.statusCode).toBe(404);
    const bob = await t.login({ domain: c.domain, username: 'bob', password: PW });
    expect((await get(bob)).statusCode).toBe(404);
    expect((await get(bob, 'bob')).statusCode).toBe(200);
  });

  it('teaches the filter the checked messages and remembers their marks', async () => {
    const learned: string[] = [];
    const server = postfixDovecotMailServer({ layout: localMailLayout(t.dataDir), log: () => {} });
    const svc = createMailTrainingService({
      store: createMailStore(t.ctx.database.db.withTables<MailTables>()),
      training: createTrainingStore(t.ctx.database.db.withTables<MailTables>()),
      server: () => server,
      // A fake filter that reads the message on its node as rspamd's adapter does; the real
      // rspamd is mail-training.integration.test.ts.
      filter: () => ({
        learns: async () => true,
        learn: async (kind, { address, id, maxBytes }) => {
          const message = await server.messageSource(address, id, maxBytes + 1);
          if (!message) return 'not_found';
          learned.push(`${kind} ${/Subject: (.*)/.exec(Buffer.from(message).toString())?.[1]}`);
          return 'learned';
        },
      }),
      clock: { now: () => 5 },
      logger: t.ctx.logger,
    });
    const row = await t.ctx.customers.domainByName(c.domain);
    if (!row) throw new Error('no domain');
    const domain = toDomainRef(row);
    const owner: Principal = {
      sessionId: 's',
      identityId: 1,
      customerId: domain.customerId,
      homeDomainId: domain.id,
      username: 'owner',
      type: 'HOSTING',
    };
    const ids = ['1795000200.M3P1.host', '1795000000.M1P1.host,S=100'];
    const missing = svc.save(owner, domain, 'anna', {
      ids: [...ids, '1795009999.X'],
      mark: 'spam',
    });
    await expect(missing).rejects.toMatchObject({ code: 'message_not_found' });
    expect(learned).toEqual([]);
    await svc.save(owner, domain, 'anna', { ids, mark: 'spam' });
    const data = await svc.save(owner, domain, 'anna', { ids: [ids[1] ?? ''], mark: 'ham' });
    expect(learned).toEqual(['spam =?utf-8?Q?W=C3=AEn?=', 'spam Lunch', 'ham Lunch']);
    expect(data).toMatchObject({ spam: 1, ham: 1, total: 2 });
    expect(data.mails.map((m) => m.training_status)).toEqual(['spam', null, 'ham']);
    const symlinked = svc.save(owner, domain, 'anna', {
      ids: ['1795000300.M4P1.host'],
      mark: 'spam',
    });
    await expect(symlinked).rejects.toMatchObject({ code: 'message_not_found' });
  });
});
