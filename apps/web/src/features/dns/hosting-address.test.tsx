import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import * as dns from '@haven/contract/dns';
import { i18n } from '../../lib/i18n.ts';
import { ROUTES } from '../../lib/paths.ts';
import { fakeApi } from '../../test/fake-fetch.ts';
import { DnsAddPage } from './dns-add-page.tsx';
import { DnsPage } from './dns-page.tsx';
import { isCustomerAddress } from './hosting-address.ts';
import { renderDns } from './test-render-dns.tsx';
import { AVAILABLE, LIST, loadTexts } from './test-data.ts';

beforeAll(loadTexts);

/** The local profile: the hosting server is this machine, 127.0.0.1. */
const LOOPBACK = '127.0.0.1';
const LOCAL_LIST: dns.DnsList = {
  ...LIST,
  records: LIST.records.map((r) => (r.record === 'HOST' ? { ...r, value: LOOPBACK } : r)),
};
const LOCAL_AVAILABLE: dns.DnsAvailable = { ...AVAILABLE, hosting: { ipv4: LOOPBACK, ipv6: null } };

describe('the hosting server on the DNS screens', { timeout: 20_000 }, () => {
  it('names only addresses the internet can reach', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.1.1',
      '0.0.0.0',
    ])
      expect({ ip, shown: isCustomerAddress(ip) }).toEqual({ ip, shown: false });
    for (const ip of ['192.0.2.10', '203.0.113.5', '172.32.0.1', '8.8.8.8'])
      expect({ ip, shown: isCustomerAddress(ip) }).toEqual({ ip, shown: true });
  });

  it.each(['nl', 'en'] as const)(
    'lists a HOST record of the local profile in words (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      fakeApi().on(dns.list, LOCAL_LIST).on(dns.available, LOCAL_AVAILABLE);
      const { container } = renderDns(<DnsPage />, ROUTES.dns, '/webhosting/a.nl/dns');
      expect(
        await screen.findByText(lang === 'nl' ? 'onze hostingserver' : 'our hosting server'),
      ).toBeInTheDocument();
      expect(container.textContent).not.toContain(LOOPBACK);
      await i18n.changeLanguage('nl');
    },
  );

  it('explains a HOST record without the loopback address', async () => {
    fakeApi().on(dns.list, LOCAL_LIST).on(dns.available, LOCAL_AVAILABLE);
    const { container } = renderDns(<DnsAddPage />, ROUTES.dnsadd, '/webhosting/a.nl/dns/add');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('textbox', { name: /^Soort record/ }));
    await user.click(await screen.findByRole('option', { name: 'Hostingserver' }));
    expect(
      await screen.findByText(
        'Laat een naam naar onze hostingserver wijzen; dit volgt de server automatisch.',
      ),
    ).toBeInTheDocument();
    expect(container.textContent).not.toContain(LOOPBACK);
  });
});
