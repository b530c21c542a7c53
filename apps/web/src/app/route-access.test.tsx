import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as account from '@haven/contract/account';
import * as mail from '@haven/contract/mail';
import * as shop from '@haven/contract/shop';
import * as webhosting from '@haven/contract/webhosting';
import { authStore } from '../lib/auth-store.ts';
import { renderApp, USER } from '../test/app-harness.tsx';
import { fakeApi } from '../test/fake-fetch.ts';
import { ruleOf } from '../lib/route-access.ts';

// The first screen of a file loads its lazy chunks cold: give it more time on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

let stop: () => void = () => {};
afterEach(() => stop());

/** A domain without hosting beside the user's hosting domains. */
const BARE = {
  name: 'bare.nl',
  status: 0,
  instap: false,
  premium: false,
  package: 'DOMAIN',
  active: true,
} as const;

function open(url: string, user: account.User) {
  authStore.setToken('token');
  const fake = fakeApi()
    .on(account.getUser, user)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(webhosting.listSubdomains, { subdomains: [] })
    .on(webhosting.getPhpVersions, { versions: [] });
  const app = renderApp(url);
  stop = app.stop;
  return { ...app, calls: fake.calls };
}

const mainNav = async () => screen.findByRole('navigation', { name: 'Hoofdmenu' });

describe('who sees what: the login type and the selected domain’s package decide', () => {
  it('gives the routes under webhosting its rule, and DNS its own', () => {
    expect(ruleOf('subdomainadd')?.packages).toEqual(['HOSTING']);
    expect(ruleOf('filemanageredit')?.packages).toEqual(['HOSTING']);
    expect(ruleOf('dnsadd')?.packages).toEqual(['HOSTING', 'DOMAIN']);
    expect(ruleOf('account')).toBeUndefined();
  });

  it('shows DNS and nothing of webhosting for a domain without hosting', async () => {
    open('/account/bare.nl', { ...USER, domains: [...USER.domains, BARE] });
    const nav = await mainNav();
    expect(await within(nav).findByRole('link', { name: 'DNS' })).toHaveAttribute(
      'href',
      '/webhosting/bare.nl/dns',
    );
    expect(within(nav).queryByRole('link', { name: 'Webhosting' })).toBeNull();
  });

  it('keeps DNS inside webhosting for a hosting domain', async () => {
    open('/account/a.nl', USER);
    const nav = await mainNav();
    expect(await within(nav).findByRole('link', { name: 'Webhosting' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'DNS' })).toBeNull();
  });

  it('links the site builder for a hosting domain', async () => {
    open('/account/a.nl', USER);
    const nav = await mainNav();
    expect(await within(nav).findByRole('link', { name: 'SiteBuilder' })).toHaveAttribute(
      'href',
      '/sitebuilder/a.nl',
    );
    expect(ruleOf('sitebuilder')?.packages).toEqual(['HOSTING']);
  });

  it('has no site builder for a domain without hosting', async () => {
    open('/account/bare.nl', { ...USER, domains: [...USER.domains, BARE] });
    const nav = await mainNav();
    await within(nav).findByRole('link', { name: 'DNS' });
    expect(within(nav).queryByRole('link', { name: 'SiteBuilder' })).toBeNull();
  });

  it('gives a DOMAIN login a DNS entry', async () => {
    const domainLogin: account.User = {
      ...USER,
      type: 'DOMAIN',
      domain: 'bare.nl',
      domains: [BARE],
    };
    open('/account/bare.nl', domainLogin);
    const nav = await mainNav();
    expect(await within(nav).findByRole('link', { name: 'DNS' })).toHaveAttribute(
      'href',
      '/webhosting/bare.nl/dns',
    );
  });

  it('answers a typed webhosting address of a domain without hosting with one clear page', async () => {
    const { calls } = open('/webhosting/bare.nl/subdomain/add', {
      ...USER,
      domains: [...USER.domains, BARE],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hoort niet bij je pakket' }),
    ).toBeInTheDocument();
    // It says why and offers the way forward: the same screen on a domain that has it, the helpdesk.
    expect(screen.getByText(/bare\.nl heeft een domeinpakket/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Openen voor a.nl' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/subdomain/add',
    );
    expect(screen.getByRole('link', { name: 'Vraag het de helpdesk' })).toHaveAttribute(
      'href',
      '/helpdesk/ticket',
    );
    expect(calls.some((c) => c.path.startsWith('/api/bare.nl/webhosting'))).toBe(false);
  });

  it('shows the services-unavailable notice on webhosting screens of an inactive plan', async () => {
    const inactive = USER.domains.map((d) => (d.name === 'a.nl' ? { ...d, active: false } : d));
    open('/webhosting/a.nl/subdomain', { ...USER, domains: inactive });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subdomeinen' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Diensten niet beschikbaar')).toBeInTheDocument();
  });

  it('gives the customer a helpdesk, and a mailbox login none', async () => {
    expect(ruleOf('helpdeskaddressdetail')?.userTypes).toEqual(['HOSTING', 'DOMAIN']);
    const mailbox: account.User = { ...USER, type: 'EMAIL' };
    const { calls } = open('/helpdesk/mailing', mailbox);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hoort niet bij je mailbox' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Vraag het aan degene die dit domein beheert.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vraag het de helpdesk' })).toBeNull();
    expect(within(await mainNav()).queryByRole('link', { name: 'Helpdesk' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/helpdesk'))).toBe(false);
  });

  it("keeps a mailbox login to its own mailbox: the contract's access, not a list of its own", () => {
    expect(ruleOf('mailaddress')?.userTypes).toEqual(mail.listAccounts.userTypes);
    expect(ruleOf('maillistdetail')?.userTypes).toEqual(['HOSTING', 'DOMAIN']);
    expect(ruleOf('cart')?.userTypes).toEqual(shop.getStatus.userTypes);
    expect(ruleOf('upgradestep')?.userTypes).not.toContain('EMAIL');
    expect(ruleOf('mailaddressdetail')?.userTypes).toContain('EMAIL');
    expect(ruleOf('webmail')?.userTypes).toContain('EMAIL');
  });

  for (const url of ['/mail/a.nl/address', '/upgrade/a.nl/step/1']) {
    it(`answers a mailbox login's ${url} with a heading and no refused call`, async () => {
      const mailbox: account.User = { ...USER, type: 'EMAIL' };
      const { calls } = open(url, mailbox);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Hoort niet bij je mailbox' }),
      ).toBeInTheDocument();
      expect(calls.some((c) => /\/api\/(shopping|a\.nl\/mail)/.test(c.path))).toBe(false);
    });
  }

  it('shows no notice while the plan is active', async () => {
    open('/webhosting/a.nl/subdomain', USER);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subdomeinen' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Diensten niet beschikbaar')).toBeNull();
  });
});
