import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import * as account from '@haven/contract/account';
import { authStore } from '../lib/auth-store.ts';
import { i18n } from '../lib/i18n.ts';
import { renderApp, USER } from '../test/app-harness.tsx';
import { fakeApi } from '../test/fake-fetch.ts';

// The first screen of a file loads its lazy chunks cold: give it more time on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

let stop: () => void = () => {};
afterEach(() => stop());

/** The login of the mailbox info@a.nl. */
const MAILBOX: account.User = { ...USER, type: 'EMAIL', email: 'info@a.nl' };

function open(url: string, user: account.User = MAILBOX) {
  authStore.setToken('token');
  const fake = fakeApi()
    .on(account.getUser, user)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] });
  const app = renderApp(url);
  stop = app.stop;
  return { ...app, calls: fake.calls };
}

describe('a mailbox login that types the address of a screen it may not use', () => {
  // A group, another mailbox, the domain's lists and forwards: none is its own mailbox.
  for (const url of [
    '/mail/a.nl/group/team',
    '/mail/a.nl/address/jan',
    '/mail/a.nl/list/nieuws',
    '/mail/a.nl/forward/oud',
    '/webhosting/a.nl/subdomain',
  ]) {
    it(`answers ${url} with why and the way back to its mailbox, without a refused call`, async () => {
      const { calls } = open(url);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Hoort niet bij je mailbox' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/login van een mailbox/)).toBeInTheDocument();
      expect(screen.getByText('Vraag het aan degene die dit domein beheert.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Naar je mailbox' })).toHaveAttribute(
        'href',
        '/mail/a.nl/address/info',
      );
      // The screen asked nothing of the domain's mail, web hosting or changes (each a 403).
      const asked = calls
        .map((c) => c.path)
        .filter((p) => /^\/api\/a\.nl\/(mail|webhosting|hosting)/.test(p));
      expect(asked).toEqual([]);
    });
  }

  it('says so in English too', async () => {
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('nl');
    });
    open('/mail/a.nl/group/team', { ...MAILBOX, language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not part of your mailbox' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To your mailbox' })).toHaveAttribute(
      'href',
      '/mail/a.nl/address/info',
    );
  });
});
