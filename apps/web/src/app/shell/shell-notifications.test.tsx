import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import * as account from '@haven/contract/account';
import * as auth from '@haven/contract/auth';
import * as mailLists from '@haven/contract/mail-lists';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import { fakeApi } from '../../test/fake-fetch.ts';

let stopSession: () => void = () => {};
afterEach(() => {
  stopSession();
  localStorage.clear();
});

const note = (id: number, nl: string, created_at: string) => ({
  id,
  message: { nl, en: nl },
  type: 'warning' as const,
  created_at,
});

function loggedIn(user: account.User = USER) {
  authStore.setToken('tok');
  return fakeApi()
    .on(auth.refreshToken, { token: 'tok-2' })
    .on(account.getUser, user)
    .on(account.getGeneralNotifications, {
      notifications: [note(7, 'Onderhoud zondag', '2025-03-01T10:00:00Z')],
    })
    .on(account.getDomainNotifications, {
      notifications: [note(7, 'Je domein verloopt', '2025-03-02T10:00:00Z')],
    })
    .on(mailLists.listLists, { lists: [], mail_active: true });
}

function open(url: string) {
  const app = renderApp(url);
  stopSession = app.stop;
  return app;
}

describe('the shell shows the notifications on every screen', () => {
  it('shows general and domain notices on a screen other than the overview; a closed one stays closed', async () => {
    loggedIn();
    open('/mail/a.nl/list');
    expect(await screen.findByRole('heading', { name: 'Mailinglijsten' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Meldingen' });
    expect(within(list).getByText('Je domein verloopt')).toBeInTheDocument();
    expect(within(list).getByText('Onderhoud zondag')).toBeInTheDocument();

    const user = userEvent.setup();
    const closeButtons = within(list).getAllByRole('button', { name: 'Deze melding sluiten' });
    // Newest first: the domain's notice, then the general one (same id, another list).
    await user.click(closeButtons[1] as HTMLElement);
    expect(screen.queryByText('Onderhoud zondag')).toBeNull();
    expect(screen.getByText('Je domein verloopt')).toBeInTheDocument();

    // Another screen, after a reload: still closed.
    stopSession();
    document.body.innerHTML = '';
    loggedIn();
    open('/account/a.nl');
    expect(await screen.findByText('Je domein verloopt')).toBeInTheDocument();
    expect(screen.queryByText('Onderhoud zondag')).toBeNull();
  });

  it('asks no domain notices for a DOMAIN user', async () => {
    const { calls } = loggedIn({ ...USER, type: 'DOMAIN' });
    open('/mail/a.nl/list');
    expect(await screen.findByText('Onderhoud zondag')).toBeInTheDocument();
    expect(screen.queryByText('Je domein verloopt')).toBeNull();
    expect(calls.some((c) => c.path === '/api/a.nl/notification')).toBe(false);
  });
});
