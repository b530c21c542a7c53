import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTORESPONDER_DEFAULTS, SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { AppError } from '../../lib/app-error.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import type { DomainRef, Principal } from '../../model/principal.ts';
import type { MailFilterRules } from '../../platform/mail-filter/mail-filter.port.ts';
import { FilterRejectedError } from '../../platform/mail-filter/rspamd-files.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { createMailServices } from './mail.service.ts';
import { createMailStore } from './mail.store.ts';
import { createFilterSync, desiredFilterRules } from './mail-filter-sync.ts';
import { readRules } from './mail-view.ts';
import type { MailTables } from './mail.tables.ts';

// The filter's rules from SQL, and a refused filter undoing a mailbox update (filter_rejected).
describe('mail filter rules', () => {
  let t: TestApp;
  let domain: DomainRef;
  const seen: MailFilterRules[] = [];
  let refuse = false;
  const services = () => {
    const store = createMailStore(t.ctx.database.db.withTables<MailTables>());
    const filter = {
      async apply(rules: MailFilterRules) {
        if (refuse) throw new FilterRejectedError('rspamadm configtest: no');
        seen.push(rules);
      },
    };
    return {
      store,
      svc: createMailServices({
        store,
        server: () => ({
          applyDomain: async () => [],
          render: async () => [],
          parts: async () => ({}),
          usage: async (a) => new Map(a.map((x) => [x, 0])),
          removeMailbox: async () => undefined,
          recentMessages: async () => [],
          messageSource: async () => null,
        }),
        rules: () => ({ write: async () => undefined }),
        clock: { now: () => 1 },
        logger: t.ctx.logger,
        ownRecords: async () => [],
        syncFilter: createFilterSync(() => filter, store),
      }),
    };
  };
  const owner = (): Principal => ({
    sessionId: 's',
    identityId: 1,
    customerId: domain.customerId,
    homeDomainId: domain.id,
    username: 'owner',
    type: 'HOSTING',
  });
  const spam = { ...SPAMFILTER_DEFAULTS, blacklist: ['casino'] };

  beforeAll(async () => {
    t = await createTestApp();
    const c = await t.customer();
    domain = toDomainRef((await t.ctx.customers.domainByName(c.domain))!);
  });
  afterAll(() => t.close());

  it('signs for the domain once it has an account; each address and alias gets its settings', async () => {
    const { svc, store } = services();
    expect((await desiredFilterRules(store, domain.node)).signing).not.toContain(domain.name);
    const pw = 'Zeer-geheim-2026!x';
    const box = { password: pw, passwordRepeat: pw, forwarding: { address: [] }, quota: 0 };
    await svc.accounts.createAddress(domain, { ...box, name: 'anna', alias: ['info'] });
    const rules = seen.at(-1);
    expect(rules?.signing).toContain(domain.name);
    expect(rules?.mailboxes.map((m) => m.address).sort()).toEqual([
      `anna@${domain.name}`,
      `info@${domain.name}`,
    ]);
    await svc.update.address(owner(), domain, 'anna', {
      password: '',
      passwordRepeat: '',
      forwarding: { address: [] },
      alias: ['info'],
      quota: 0,
      autoresponder: AUTORESPONDER_DEFAULTS,
      spamfilter: spam,
    });
    const after = seen.at(-1)?.mailboxes.filter((m) => m.address.endsWith(`@${domain.name}`));
    expect(after?.map((m) => m.spamfilter.blacklist)).toEqual([['casino'], ['casino']]);
  });

  it('undoes a mailbox update the filter refuses and answers filter_rejected', async () => {
    const { svc, store } = services();
    refuse = true;
    const error = await svc.update
      .address(owner(), domain, 'anna', {
        password: '',
        passwordRepeat: '',
        forwarding: { address: [] },
        alias: [],
        quota: 0,
        autoresponder: AUTORESPONDER_DEFAULTS,
        spamfilter: { ...spam, blacklist: ['lottery'] },
      })
      .catch((e: unknown) => e);
    refuse = false;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('filter_rejected');
    const row = await store.account(domain.id, 'anna');
    expect(row && readRules(row).spamfilter.blacklist).toEqual(['casino']);
    expect((await store.aliases(domain.id)).map((a) => a.name)).toEqual(['info']);
  });
});
