import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import * as account from '@haven/contract/account';
import * as auth from '@haven/contract/auth';
import * as hosting from '@haven/contract/hosting';
import * as mailLists from '@haven/contract/mail-lists';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import { fakeApi, type FakeApi } from '../../test/fake-fetch.ts';

let stop: () => void = () => {};
afterEach(() => stop());

const FAILED_ID = '0b6e2f52-8f0a-4c1e-9d7a-3c2a1b0e9f11';

function open(
  changes: hosting.HostingChangesView | (() => hosting.HostingChangesView),
  more: (f: FakeApi) => unknown = () => {},
) {
  authStore.setToken('tok');
  const fake = fakeApi()
    .on(auth.refreshToken, { token: 'tok-2' })
    .on(account.getUser, USER)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(mailLists.listLists, { lists: [], mail_active: true })
    .on(hosting.hostingChanges, typeof changes === 'function' ? changes : () => changes);
  more(fake);
  const app = renderApp('/mail/a.nl/list');
  stop = app.stop;
  return fake;
}

describe("the domain's changes on its hosting server, above every screen", () => {
  it('says nothing when nothing waits', async () => {
    open({ pending: 0, serverUp: true, failed: [] });
    expect(await screen.findByRole('heading', { name: 'Mailinglijsten' })).toBeInTheDocument();
    expect(screen.queryByText(/hostingserver/)).toBeNull();
  });

  it('says changes wait, and that they are kept while the server is down', async () => {
    open({ pending: 2, serverUp: false, failed: [] });
    const status = await screen.findByRole('status', {
      name: /2 wijzigingen wachten op de hostingserver/,
    });
    expect(within(status).getByText(/worden doorgevoerd zodra hij terug is/)).toBeInTheDocument();
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
      name: /Eén wijziging is niet gelukt op de hostingserver/,
    });
    expect(within(alert).getByText(/DNS-zone/)).toBeInTheDocument();
    expect(
      within(alert).getByRole('link', { name: 'Stel een vraag aan de helpdesk' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(
      await screen.findByRole('status', { name: /Eén wijziging wacht op de hostingserver/ }),
    ).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path.endsWith(`/hosting/changes/${FAILED_ID}/retry`))).toBe(
      true,
    );
  });
});
