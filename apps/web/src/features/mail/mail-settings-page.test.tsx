import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as account from '@haven/contract/account';
import * as mail from '@haven/contract/mail';
import { ROUTES } from '../../lib/paths.ts';
import { i18n } from '../../lib/i18n.ts';
import { USER } from '../../test/app-harness.tsx';
import { fail, fakeApi, type FakeHandler } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { MailSettingsPage } from './mail-settings-page.tsx';

vi.setConfig({ testTimeout: 15_000 });
beforeAll(() => i18n.loadNamespaces(['mail']));

const record = (
  purpose: mail.MailDnsRecord['purpose'],
  state: mail.MailDnsState,
  found: string[] = [],
): mail.MailDnsRecord => ({
  purpose,
  type: purpose === 'mx' ? 'MX' : 'TXT',
  host: { mx: '@', spf: '@', dkim: 'haven._domainkey', dmarc: '_dmarc' }[purpose],
  value: purpose === 'mx' ? 'mail.hoster.nl' : `v=${purpose}`,
  priority: purpose === 'mx' ? 10 : null,
  state,
  found,
});

const SETTINGS: mail.MailSettings = {
  active: true,
  catch_all: 'reject',
  catch_all_address: null,
  dns: [
    record('mx', 'present'),
    record('spf', 'missing'),
    record('dkim', 'missing'),
    record('dmarc', 'different', ['v=DMARC1; p=reject']),
  ],
};

function render(complete: FakeHandler<typeof mail.completeDns>) {
  const api = fakeApi()
    .on(account.getUser, USER)
    .on(mail.getSettings, SETTINGS)
    .on(mail.completeDns, complete);
  renderPage(<MailSettingsPage />, { path: ROUTES.mailsettings, url: '/mail/a.nl/settings' });
  return api;
}

describe('mail settings: the DNS records mail needs', () => {
  it('shows each record’s state and the customer’s own DMARC, and puts the missing ones in place', async () => {
    const { calls } = render({ added: 2, dns: SETTINGS.dns });
    const dmarc = await screen.findByTestId('mail-dns-dmarc');
    expect(within(dmarc).getByText('Anders')).toBeInTheDocument();
    expect(dmarc).toHaveTextContent('In de DNS staat nu: v=DMARC1; p=reject');
    expect(within(screen.getByTestId('mail-dns-mx')).getByText('Aanwezig')).toBeInTheDocument();
    expect(within(screen.getByTestId('mail-dns-spf')).getByText('Ontbreekt')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Zet de 2 ontbrekende records neer' }));
    // The toast needs the app shell; here the call and the refreshed settings tell.
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/settings/dns'))).toBe(true),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/mail/settings'))).toHaveLength(2),
    );
  });

  it('says why when the DNS refuses', async () => {
    render(fail(409, 'dns_refused'));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /ontbrekende records neer/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('nam de records niet aan');
  });
});
