import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import * as account from '@haven/contract/account';
import * as auth from '@haven/contract/auth';
import * as hosting from '@haven/contract/hosting';
import * as mailLists from '@haven/contract/mail-lists';
import { authStore } from '../../lib/auth-store.ts';
import { i18n } from '../../lib/i18n.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import { fakeApi, type FakeApi } from '../../test/fake-fetch.ts';

let stop: () => void = () => {};
afterEach(() => stop());

const FAILED_ID = '0b6e2f52-8f0a-4c1e-9d7a-3c2a1b0e9f11';

function open(
  changes: hosting.HostingChangesView | (() => hosting.HostingChangesView),
  more: (f: FakeApi) => unknown = () => {},
  user: account.User = USER,
  url = '/mail/a.nl/list',
) {
  authStore.setToken('tok');
  const fake = fakeApi()
    .on(auth.refreshToken, { token: 'tok-2' })
    .on(account.getUser, user)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(mailLists.listLists, { lists: [], mail_active: true })
    .on(hosting.hostingChanges, typeof changes === 'function' ? changes : () => changes);
  more(fake);
  const app = renderApp(url);
  stop = app.stop;
  return fake;
}

describe("the domain's changes on its hosting server, above every screen", () => {
  it('says nothing when nothing waits', async () => {
    open({ pending: 0, serverUp: true, failed: [] });
    expect(await screen.findByRole('heading', { name: 'Mailinglijsten' })).toBeInTheDocument();
    expect(screen.queryByText(/nog niet actief|niet gelukt/)).toBeNull();
  });

  it('says changes wait, and that they are kept while the server is down', async () => {
    open({ pending: 2, serverUp: false, failed: [] });
    const status = await screen.findByRole('status', {
      name: /2 wijzigingen zijn nog niet actief/,
    });
    expect(within(status).getByText(/even niet bereikbaar/)).toBeInTheDocument();
    expect(within(status).getByText(/gaat werken zodra hij terug is/)).toBeInTheDocument();
  });

  it('lists a failed change with what it was about, and tries it again', async () => {
    let retried = false;
    const failed = {
      pending: 0,
      serverUp: true,
      failed: [{ id: FAILED_ID, kind: 'dns', at: Date.UTC(2026, 10, 29, 10, 7) }],
    };
    const after = { pending: 1, serverUp: true, failed: [] };
    const fake = open(
      () => (retried ? after : failed),
      (f) =>
        f.on(hosting.retryHostingChange, () => {
          retried = true;
          return after;
        }),
    );
    const alert = await screen.findByRole('alert', {
      name: /Eén wijziging is niet gelukt/,
    });
    expect(within(alert).getByText(/DNS-records · 29 november 2026/)).toBeInTheDocument();
    expect(within(alert).getByText(/is bewaard, maar werkt nog niet/)).toBeInTheDocument();
    expect(
      within(alert).getByRole('link', { name: 'Stel een vraag aan de helpdesk' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(
      await screen.findByRole('status', { name: /Eén wijziging is nog niet actief/ }),
    ).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path.endsWith(`/hosting/changes/${FAILED_ID}/retry`))).toBe(
      true,
    );
  });

  it('names each change with the names of the screens, in English too', async () => {
    const at = Date.UTC(2026, 10, 29, 10, 7);
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('nl');
    });
    open(
      {
        pending: 1,
        serverUp: true,
        failed: [
          { id: FAILED_ID, kind: 'ftp', at },
          { id: '1b6e2f52-8f0a-4c1e-9d7a-3c2a1b0e9f12', kind: 'cron', at },
        ],
      },
      () => {},
      { ...USER, language: 'en' },
    );
    const alert = await screen.findByRole('alert', { name: /2 changes did not go through/ });
    expect(within(alert).getByText(/^Web user · 29 November 2026/)).toBeInTheDocument();
    expect(within(alert).getByText(/^Cron job · 29 November 2026/)).toBeInTheDocument();
    expect(within(alert).getByText(/is kept, but does not work yet/)).toBeInTheDocument();
    const status = screen.getByRole('status', { name: 'One change is not active yet' });
    expect(within(status).getByText(/You do not need to do anything/)).toBeInTheDocument();
  });

  it("asks nothing for a mailbox's login, which may not see the domain's changes", async () => {
    const fake = open(
      { pending: 1, serverUp: true, failed: [] },
      () => {},
      { ...USER, type: 'EMAIL', email: 'info@a.nl' },
      '/account/a.nl',
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path.includes('/hosting/changes'))).toBe(false);
  });
});
