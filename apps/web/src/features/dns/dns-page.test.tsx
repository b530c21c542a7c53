import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import * as dns from '@haven/contract/dns';
import * as hosting from '@haven/contract/hosting';
import { fail, fakeApi, type FakeApi } from '../../test/fake-fetch.ts';
import { DnsPage } from './dns-page.tsx';
import { renderDns } from './test-render-dns.tsx';
import { AVAILABLE, LIST, URL_LIST, loadTexts } from './test-data.ts';

beforeAll(loadTexts);

const show = (list = LIST, more: (fake: FakeApi) => unknown = () => {}) => {
  const fake = fakeApi().on(dns.list, list).on(dns.available, AVAILABLE);
  more(fake);
  const app = renderDns(<DnsPage />, ROUTES.dns, '/webhosting/a.nl/dns');
  return { ...app, calls: fake.calls };
};

describe('DnsPage', { timeout: 20_000 }, () => {
  it('lists the records per type, the provider rows without actions', async () => {
    show();
    expect(await screen.findByRole('heading', { name: /A-records/ })).toBeInTheDocument();
    for (const name of [
      'SOA',
      'Naamservers',
      'Hostingserver',
      'MX-records (e-mail)',
      'SRV-records',
    ]) {
      expect(
        screen.getByRole('heading', { name: new RegExp(name.replace(/[()]/g, '\\$&')) }),
      ).toBeInTheDocument();
    }
    expect(screen.getByText('30 0 5061 sip.example.org')).toBeInTheDocument();
    expect(screen.getByText('onze hostingserver (192.0.2.10)')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /verwijderen$/ })).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Record toevoegen' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/dns/add',
    );
  });

  it('deletes a record after confirmation', async () => {
    const { calls } = show(LIST, (fake) => fake.on(dns.remove, { deleted: true }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'A kassa.a.nl verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Het record A kassa.a.nl 192.0.2.15 wordt verwijderd.');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `${URL_LIST}/3`)).toBe(true),
    );
  });

  it('edits a record in a dialog and shows the server message there', async () => {
    const { calls } = show(LIST, (fake) => fake.on(dns.update, fail(409, 'duplicate_record')));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'A kassa.a.nl bewerken' }));
    const dialog = await screen.findByRole('dialog');
    const value = within(dialog).getByRole('textbox', { name: /^IPv4-adres/ });
    expect(value).toHaveValue('192.0.2.15');
    await user.clear(value);
    await user.type(value, '192.0.2.16');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    // The catalogue's sentence, not the bare code.
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Dit record bestaat al.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      record: 'A',
      host: 'kassa',
      ttl: 899,
      value: '192.0.2.16',
    });
  });

  it('asks to continue first when the domain uses external name servers', async () => {
    show({ ...LIST, ns_remote: true });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Doorgaan' }));
    expect(await screen.findByRole('heading', { name: /A-records/ })).toBeInTheDocument();
  });

  it('locks the MX rows while the spam filter is active', async () => {
    show({ ...LIST, has_spamfilter: true });
    expect(await screen.findByText(/De spamfilter is actief voor dit domein/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'MX a.nl verwijderen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'A kassa.a.nl verwijderen' })).toBeEnabled();
  });

  it('shows what a reset removes and resets after confirmation', async () => {
    const preview = { remove: [LIST.records[2]!], keep: [], add: [] };
    const { calls } = show(LIST, (fake) => fake.on(dns.resetPreview, preview).on(dns.reset, LIST));
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Standaardinstellingen herstellen' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Dit record wordt verwijderd:');
    expect(dialog).toHaveTextContent('A kassa.a.nl 192.0.2.15');
    await user.click(within(dialog).getByRole('button', { name: 'Herstellen' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `${URL_LIST}/default`)).toBe(true),
    );
  });

  it('says so when the DNS server is not running, without a dig line', async () => {
    show(LIST, (fake) =>
      fake.on(hosting.hostingAccess, {
        web: {
          state: 'running',
          package: null,
          subdomainUrl: 'http://{subdomain}.a.nl.localhost:8081/',
        },
        ftp: { state: 'running', package: null, host: '127.0.0.1', port: 2121 },
        dns: {
          state: 'stopped',
          package: null,
          server: { host: '127.0.0.1', port: 8053 },
          nameservers: [],
        },
      }),
    );
    expect(await screen.findByRole('note')).toHaveTextContent(/De naamserver draait nu niet/);
    expect(screen.queryByTestId('zone-dig')).not.toBeInTheDocument();
  });

  it('names the provider name servers in the debian profile, without a notice', async () => {
    const system = { state: 'system', package: null } as const;
    show(LIST, (fake) =>
      fake.on(hosting.hostingAccess, {
        web: { ...system, subdomainUrl: 'http://{subdomain}.a.nl/' },
        ftp: { ...system, host: 'a.nl', port: 21 },
        dns: { ...system, server: null, nameservers: ['ns1.provider.nl', 'ns2.provider.nl'] },
      }),
    );
    expect(
      await screen.findByText(
        'De DNS van je domein wordt gepubliceerd door de naamservers ns1.provider.nl, ns2.provider.nl.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("keeps the local DNS server's test address off the customer's screen", async () => {
    show(LIST, (fake) =>
      fake.on(hosting.hostingAccess, {
        web: {
          state: 'running',
          package: null,
          subdomainUrl: 'http://{subdomain}.a.nl.localhost:8081/',
        },
        ftp: { state: 'running', package: null, host: '127.0.0.1', port: 2121 },
        dns: {
          state: 'running',
          package: null,
          server: { host: '127.0.0.1', port: 8053 },
          nameservers: [],
        },
      }),
    );
    expect(await screen.findByRole('region', { name: 'Je naamservers' })).toBeInTheDocument();
    expect(screen.queryByText(/127\.0\.0\.1|8053/)).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
