import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import * as helpdesk from '@haven/contract/helpdesk';
import * as shop from '@haven/contract/shop';
import { fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { i18n } from '../../lib/i18n.ts';
import { InvoicePage } from './invoice-page.tsx';
import { OverviewPage } from './overview-page.tsx';
import { ADDRESS, EMPTY_ADDRESS, loadTexts } from './test-data.ts';

beforeAll(async () => {
  await loadTexts();
  await i18n.loadNamespaces(['shop']);
});

const invoice = (n: number): shop.InvoiceSummary => ({
  number: `2026-0000${n}`,
  date: `2026-01-0${n}`,
  domain: 'a.nl',
  subtotal: 4800,
  vat: 1008,
  total: 5808,
});
const INVOICES = { invoices: [5, 4, 3, 2, 1].map(invoice) };

describe('OverviewPage', () => {
  it('shows the newest three invoices, the addresses to fill in and the mail wanted', async () => {
    fakeApi()
      .on(shop.listInvoices, INVOICES)
      .on(helpdesk.listAddresses, { addresses: [ADDRESS, EMPTY_ADDRESS] })
      .on(helpdesk.getMailing, { preferences: helpdesk.DEFAULT_MAILING });
    renderPage(<OverviewPage />);
    const invoices = await screen.findByRole('region', { name: 'Facturen' });
    expect(await within(invoices).findByText('2026-00005')).toBeInTheDocument();
    expect(within(invoices).queryByText('2026-00002')).toBeNull();
    expect(await screen.findByText('Nog 1 adres in te vullen.')).toBeInTheDocument();
    const mail = await screen.findByRole('list', { name: 'Je krijgt mail over' });
    expect(
      within(mail)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Facturen en incasso', 'Support']);
    expect(screen.getByRole('link', { name: 'Alle facturen' })).toHaveAttribute(
      'href',
      '/helpdesk/invoice',
    );
  });
});

describe('InvoicePage', () => {
  it('lists every invoice with date, domain, amount and its PDF button', async () => {
    fakeApi().on(shop.listInvoices, INVOICES);
    renderPage(<InvoicePage />);
    const region = await screen.findByRole('region', { name: 'Facturen' });
    expect(await within(region).findAllByRole('row')).toHaveLength(6);
    expect(
      within(region).getByRole('button', { name: 'Factuur 2026-00001 downloaden (PDF)' }),
    ).toBeInTheDocument();
    expect(within(region).getAllByText(/58,08/)).toHaveLength(5);
  });
});
