import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import type { DomainRef } from '../../model/principal.ts';
import { MailServerError, type MailState } from '../../platform/mail-server/mail-server.port.ts';
import type { NodeMailServer } from '../../platform/mail-server/mail-server.remote.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { createMailServices } from './mail.service.ts';
import { createMailStore } from './mail.store.ts';
import type { MailTables } from './mail.tables.ts';

/** A mail server that refuses when told to: the compensation of each step. */
function fakeServer() {
  const applied: MailState[] = [];
  let refuse = false;
  const server: NodeMailServer = {
    async applyDomain(_domain, part) {
      if (refuse) throw new MailServerError('check_failed', 'postmap refused');
      applied.push(part ?? { domains: [], mailboxes: [], aliases: [] });
      return [];
    },
    render: async () => [],
    parts: async () => ({}),
    usage: async (addresses) => new Map(addresses.map((a) => [a, 0])),
    removeMailbox: async () => undefined,
    recentMessages: async () => [],
    messageSource: async () => null,
  };
  return { server, applied, refuse: (on: boolean) => (refuse = on) };
}

describe('mail service: a refused server step leaves SQL as it was', () => {
  let t: TestApp;
  let domain: DomainRef;
  const fake = fakeServer();
  const services = () =>
    createMailServices({
      store: createMailStore(t.ctx.database.db.withTables<MailTables>()),
      server: () => fake.server,
      rules: () => ({ write: async () => undefined }),
      clock: { now: () => 1 },
      logger: t.ctx.logger,
      ownRecords: async () => [],
    });
  const body = {
    name: 'anna',
    password: 'Zeer-geheim-2026!x',
    passwordRepeat: 'Zeer-geheim-2026!x',
    forwarding: { address: [] },
    alias: ['a'],
    quota: 0,
  };

  beforeAll(async () => {
    t = await createTestApp();
    const c = await t.customer();
    domain = toDomainRef((await t.ctx.customers.domainByName(c.domain))!);
  });
  afterAll(() => t.close());

  it('takes a new mailbox out again when the server refuses it', async () => {
    const svc = services();
    fake.refuse(true);
    const error = await svc.accounts.createAddress(domain, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('unavailable');
    expect((await svc.accounts.list(domain, 'address')).accounts).toEqual([]);
    fake.refuse(false);
    await svc.accounts.createAddress(domain, body);
    expect(fake.applied.at(-1)?.mailboxes.map((m) => m.address)).toEqual([`anna@${domain.name}`]);
  });

  it('keeps a forward and a mailbox whose removal the server refused', async () => {
    const svc = services();
    await svc.forwards.create(domain, { from: 'shop', to: 'x@example.org' });
    fake.refuse(true);
    await expect(svc.forwards.remove(domain, 'shop')).rejects.toThrow('unavailable');
    await expect(svc.accounts.remove(domain, 'address', 'anna')).rejects.toThrow('unavailable');
    fake.refuse(false);
    expect((await svc.forwards.list(domain)).records.map((r) => r.host)).toEqual(['shop']);
    const list = await svc.accounts.list(domain, 'address');
    expect(list.accounts.map((a) => [a.name, a.alias])).toEqual([['anna', ['a']]]);
  });
});
