import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import * as dns from '@haven/contract/dns';
import { i18n } from '../../lib/i18n.ts';
import { fakeApi } from '../../test/fake-fetch.ts';
import { DnsPage } from './dns-page.tsx';
import { renderDns } from './test-render-dns.tsx';
import { AVAILABLE, LIST, loadTexts, row } from './test-data.ts';

beforeAll(loadTexts);
afterEach(() => i18n.changeLanguage('nl'));

// A reset keeps what the domain's own subdomains and mail need; the confirmation says so.
const PREVIEW: dns.DnsResetPreview = {
  remove: [row({ id: 3, record: 'A', host: 'kassa', domain: 'kassa.a.nl', value: '192.0.2.15' })],
  keep: [
    ...['shop', 'blog'].map((host, i) => ({
      record: row({
        id: 20 + i,
        record: 'HOST',
        host,
        domain: `${host}.a.nl`,
        value: '192.0.2.10',
      }),
      because: 'subdomain' as const,
    })),
    {
      record: row({
        id: 30,
        record: 'TXT',
        host: '_dmarc',
        domain: '_dmarc.a.nl',
        value: 'v=DMARC1; p=none',
      }),
      because: 'mail' as const,
    },
    {
      record: row({
        id: 31,
        record: 'TXT',
        host: 'haven._domainkey',
        domain: 'haven._domainkey.a.nl',
        value: `v=DKIM1; k=rsa; p=${'A'.repeat(380)}`,
      }),
      because: 'mail' as const,
    },
    ...[1, 2, 3].map((id) => ({
      record: row({ id, record: 'HOST', value: '192.0.2.10' }),
      because: 'provider' as const,
    })),
  ],
  add: [
    {
      record: row({
        id: -1000,
        record: 'HOST',
        host: 'www',
        domain: 'www.a.nl',
        value: '192.0.2.10',
      }),
      because: 'provider',
    },
  ],
};

async function openDialog(button: string) {
  fakeApi().on(dns.list, LIST).on(dns.available, AVAILABLE).on(dns.resetPreview, PREVIEW);
  renderDns(<DnsPage />, ROUTES.dns, '/webhosting/a.nl/dns');
  await userEvent.setup().click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

describe('the reset confirmation', { timeout: 20_000 }, () => {
  it('says what goes and what stays because a subdomain or mail needs it', async () => {
    const dialog = await openDialog('Standaardinstellingen herstellen');
    expect(dialog).toHaveTextContent('Records die je zelf hebt gemaakt worden verwijderd');
    expect(dialog).toHaveTextContent('Dit record wordt verwijderd:');
    expect(dialog).toHaveTextContent('A kassa.a.nl 192.0.2.15');
    expect(dialog).toHaveTextContent(
      'Deze 2 records blijven staan omdat je subdomeinen ze nodig hebben:',
    );
    expect(dialog).toHaveTextContent('HOST shop.a.nl');
    expect(dialog).toHaveTextContent('HOST blog.a.nl');
    expect(dialog).toHaveTextContent(
      'Deze 2 records blijven staan omdat je e-mail ze nodig heeft:',
    );
    expect(dialog).toHaveTextContent('TXT _dmarc.a.nl v=DMARC1; p=none');
    // A DKIM key is shortened: the dialog stays short enough to reach its buttons.
    const dkim = within(dialog).getByText(/^TXT haven\._domainkey\.a\.nl v=DKIM1; k=rsa; p=A+…$/);
    expect(dkim.textContent).toHaveLength(90);
    expect(dialog).toHaveTextContent('3 standaardrecords blijven staan.');
    expect(dialog).toHaveTextContent('Dit record wordt toegevoegd:');
  });

  it('says the same in English', async () => {
    await i18n.changeLanguage('en');
    const dialog = await openDialog('Restore defaults');
    expect(dialog).toHaveTextContent('Records you made yourself are deleted');
    expect(dialog).toHaveTextContent('This record will be deleted:');
    expect(dialog).toHaveTextContent('These 2 records stay because your subdomains need them:');
    expect(dialog).toHaveTextContent('These 2 records stay because your mail needs them:');
    expect(dialog).toHaveTextContent('3 of our default records stay.');
    expect(dialog).toHaveTextContent('This record will be added:');
  });
});
