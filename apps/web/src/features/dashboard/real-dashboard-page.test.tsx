import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import * as account from '@haven/contract/account';
import * as mail from '@haven/contract/mail';
import { AUTORESPONDER_DEFAULTS, SPAMFILTER_DEFAULTS } from '@haven/contract/mail-rules';
import { fail, fakeApi, type FakeReply } from '../../test/fake-fetch.ts';

const MAILBOX: mail.MailAddressDetail = {
  name: 'info',
  address: 'info@a.nl',
  forwarding: { address: [] },
  alias: [],
  quota: 0,
  usage: 1200,
  autoresponder: AUTORESPONDER_DEFAULTS,
  spamfilter: SPAMFILTER_DEFAULTS,
};

let stop: () => void = () => {};
afterEach(() => {
  stop();
  vi.useRealTimers();
});

const note = (id: number, nl: string, en: string, created_at: string) => ({
  id,
  message: { nl, en },
  type: 'warning' as const,
  created_at,
});

function openDashboard(user: account.User, mailbox: FakeReply<typeof mail.getAddress> = MAILBOX) {
  authStore.setToken('tok');
  const { calls } = fakeApi()
    .on(account.getUser, user)
    .on(account.getGeneralNotifications, {
      notifications: [
        note(1, 'Onderhoud op zondag', 'Maintenance on Sunday', '2025-03-01T10:00:00Z'),
      ],
    })
    .on(mail.getAddress, mailbox)
    .on(account.getDomainNotifications, {
      notifications: [
        note(
          1,
          'Je domein verloopt binnenkort',
          'Your domain expires soon',
          '2025-03-02T10:00:00Z',
        ),
      ],
    });
  const app = renderApp('/dashboard');
  stop = app.stop;
  return { ...app, calls };
}

describe('RealDashboardPage', () => {
  it('greets by the local time of day with the user name', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 5, 9, 30));
    openDashboard(USER);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Goedemorgen, Jan Jansen',
    );
  });

  it('shows general and domain notifications, the IP address and the plan', async () => {
    openDashboard(USER);
    const list = await screen.findByRole('region', { name: 'Meldingen' });
    const texts = within(list)
      .getAllByText(/Onderhoud|verloopt/)
      .map((el) => el.textContent);
    expect(texts).toEqual(['Je domein verloopt binnenkort', 'Onderhoud op zondag']);
    expect(within(list).getByText('2 maart 2025')).toBeInTheDocument();
    expect(screen.getByText('192.0.2.10')).toBeInTheDocument();
    expect(screen.getByText('Premium')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Je account' });
    expect(within(card).getByRole('link', { name: 'Wachtwoord wijzigen' })).toHaveAttribute(
      'href',
      '/account/a.nl',
    );
  });

  it('asks no domain notifications for a DOMAIN user', async () => {
    const { calls } = openDashboard({ ...USER, type: 'DOMAIN' });
    await screen.findByRole('region', { name: 'Meldingen' });
    expect(calls.some((c) => c.path === '/api/a.nl/notification')).toBe(false);
    expect(calls.some((c) => c.path === '/api/a.nl/general-notification')).toBe(true);
  });

  it('sends an EMAIL user to its own mailbox (specs part 1 §6)', async () => {
    const { router } = openDashboard({ ...USER, type: 'EMAIL', email: 'info@a.nl' });
    expect(await screen.findByRole('heading', { level: 1, name: 'info@a.nl' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mail/a.nl/address/info');
  });

  it('sends an EMAIL login without a mailbox on to its account page, not to a dead end', async () => {
    const user = { ...USER, type: 'EMAIL' as const, email: 'info@a.nl' };
    const { router } = openDashboard(user, fail(404, 'not_found'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wachtwoord wijzigen' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/a.nl');
  });
});
