import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as helpdesk from '@haven/contract/helpdesk';
import { ROUTES } from '../../lib/paths.ts';
import { fail, fakeApi } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { AddressDetailPage } from './address-detail-page.tsx';
import { AddressListPage } from './address-list-page.tsx';
import { ADDRESS, EMPTY_ADDRESS, loadTexts } from './test-data.ts';

vi.setConfig({ testTimeout: 15_000 });
beforeAll(loadTexts);

const detail = (url: string) =>
  renderPage(<AddressDetailPage />, {
    path: ROUTES.helpdeskaddressdetail,
    url,
    extraRoutes: [landing(ROUTES.helpdeskaddress)],
  });

describe('AddressListPage', () => {
  it('lists each domain with its product and status', async () => {
    fakeApi().on(helpdesk.listAddresses, { addresses: [ADDRESS, EMPTY_ADDRESS] });
    renderPage(<AddressListPage />);
    expect(await screen.findByRole('link', { name: 'a.nl' })).toHaveAttribute(
      'href',
      '/helpdesk/address/7',
    );
    expect(screen.getByText('1234 AB Utrecht')).toBeInTheDocument();
    expect(screen.getByText('Nog invullen')).toBeInTheDocument();
    expect(screen.getByText('Domeinnaam')).toBeInTheDocument();
  });
});

describe('AddressDetailPage', () => {
  it('checks the Dutch postcode before sending, then saves and returns to the list', async () => {
    const { calls } = fakeApi()
      .on(helpdesk.getAddress, { address: ADDRESS })
      .on(helpdesk.updateAddress, { address: ADDRESS });
    const { router } = detail('/helpdesk/address/7');
    const zipcode = await screen.findByRole('textbox', { name: /^Postcode/ });
    const user = userEvent.setup({ delay: null });
    await user.clear(zipcode);
    await user.type(zipcode, '0123 AB');
    await user.click(screen.getByRole('button', { name: 'Adres opslaan' }));
    expect(
      await screen.findByText(/^Postcode is geen postcode van het gekozen land/),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(zipcode);
    await user.type(zipcode, '3511ab');
    await user.click(screen.getByRole('button', { name: 'Adres opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/helpdesk/address'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ zipcode: '3511 AB' });
  });

  it("puts the server's field codes on the fields", async () => {
    fakeApi()
      .on(helpdesk.getAddress, { address: ADDRESS })
      .on(helpdesk.updateAddress, fail(422, 'validation', { housenumber: 'housenumber' }));
    detail('/helpdesk/address/7');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Adres opslaan' }));
    expect(
      await screen.findByText(/^Huisnummer is geen huisnummer van het gekozen land/),
    ).toBeInTheDocument();
  });

  it('shows not found for an address that is not the customer’s', async () => {
    fakeApi().on(helpdesk.getAddress, fail(404, 'not_found'));
    detail('/helpdesk/address/99');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adres opslaan' })).not.toBeInTheDocument();
  });
});
