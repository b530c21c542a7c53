import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as account from '@haven/contract/account';
import * as statistics from '@haven/contract/statistics';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import { fakeApi } from '../../test/fake-fetch.ts';

// jsdom has no canvas: the charts are Chart.js's, their legends and tables are what is read here.
vi.mock('../../components/charts/donut-chart.tsx', () => ({ DonutChart: () => null }));
vi.mock('../../components/charts/bar-chart.tsx', () => ({ BarChart: () => null }));

const NOW = new Date(2026, 10, 29, 11, 0);
const at = (h: number, m: number) => new Date(2026, 10, 29, h, m).getTime();
const ZERO = {
  http_in: 0,
  http_out: 0,
  ftp_in: 0,
  ftp_out: 0,
  smtp_in: 0,
  smtp_out: 0,
  pop3_imap_in: 0,
  pop3_imap_out: 0,
};
const traffic = (refreshed_at: number | null): statistics.TrafficReport => ({
  from: '2026-11-29',
  to: '2026-11-29',
  days: [{ date: '2026-11-29', ...ZERO, http_out: 2_400_000 }],
  total: { ...ZERO, http_out: 2_400_000 },
  refreshed_at,
});
const overview = (measured_at: number): statistics.Overview => ({
  limits: { disk_space: 1_000_000_000, disk_used: 55_400_000, warning: false, max_databases: 5 },
  disk_usage: {
    httpdocs: 50_000_000,
    httpsdocs: 0,
    subdomains: 5_000_000,
    other_files: 400_000,
    databases: 0,
    mailboxes: 0,
    measured_at,
  },
  other: { subdomains: 1, databases: 0, ftp_accounts: 1, mailboxes: 0 },
});

let stop: () => void = () => {};
afterEach(() => {
  stop();
  vi.useRealTimers();
});

function open(url: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  authStore.setToken('tok');
  const api = fakeApi()
    .on(account.getUser, USER)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(statistics.getTraffic, traffic(at(10, 42)))
    .on(statistics.getOverview, overview(at(10, 45)))
    .on(statistics.getTopMailboxes, { mailboxes: [] })
    .on(statistics.refreshTraffic, { refreshed_at: at(10, 59) });
  const app = renderApp(url);
  stop = app.stop;
  return api;
}

describe('statistics: figures say when they were measured', () => {
  it('the statistics screen: traffic and disk usage each with their time; refresh asks again', async () => {
    const api = open('/webhosting/a.nl/statistics');
    expect(await screen.findByTestId('refreshed-at')).toHaveTextContent('Gemeten om 10:42');
    expect(await screen.findByTestId('disk-measured-at')).toHaveTextContent('Gemeten om 10:45');
    expect(screen.getByTestId('disk-used')).toHaveTextContent(
      '55,4 MB van 1,0 GB in gebruik (bestanden, prullenbak, databases en e-mail)',
    );
    api
      .on(statistics.getTraffic, traffic(at(10, 59)))
      .on(statistics.getOverview, overview(at(10, 59)));
    await userEvent.click(screen.getByRole('button', { name: 'Bijwerken' }));
    expect(
      await screen.findByText('Gemeten om 10:59', { selector: '[data-testid="refreshed-at"]' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Gemeten om 10:59', {
        selector: '[data-testid="disk-measured-at"]',
      }),
    ).toBeInTheDocument();
  });

  it('the dashboard: both donuts say when, other files have their slice, its refresh measures again', async () => {
    const api = open('/dashboard');
    const traffic = await screen.findByRole('region', { name: /^Dataverbruik/ });
    expect(within(traffic).getByText('Gemeten om 10:42')).toBeInTheDocument();
    const disk = screen.getByRole('region', { name: 'Schijfgebruik' });
    expect(within(disk).getByText('Gemeten om 10:45')).toBeInTheDocument();
    expect(
      within(disk).getByText('Overige bestanden (logs, private, prullenbak)'),
    ).toBeInTheDocument();
    api.on(statistics.getOverview, overview(at(10, 59)));
    await userEvent.click(screen.getByRole('button', { name: 'Bijwerken' }));
    expect(await within(disk).findByText('Gemeten om 10:59')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/a.nl/statistics/refresh')).toBe(true);
  });
});
