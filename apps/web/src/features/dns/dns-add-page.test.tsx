import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../lib/paths.ts';
import * as dns from '@haven/contract/dns';
import { fail, fakeApi, type FakeReply } from '../../test/fake-fetch.ts';
import { landing } from '../../test/render.tsx';
import { DnsAddPage } from './dns-add-page.tsx';
import { renderDns } from './test-render-dns.tsx';
import { AVAILABLE, LIST, loadTexts } from './test-data.ts';

beforeAll(loadTexts);

function open(create: FakeReply<typeof dns.create> = { record: LIST.records[2]! }, list = LIST) {
  const { calls } = fakeApi()
    .on(dns.list, list)
    .on(dns.available, AVAILABLE)
    .on(dns.create, create);
  const app = renderDns(<DnsAddPage />, ROUTES.dnsadd, '/webhosting/a.nl/dns/add', [
    landing(ROUTES.dns),
  ]);
  return { ...app, calls, user: userEvent.setup({ delay: null }) };
}

async function chooseType(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(await screen.findByRole('textbox', { name: /^Soort record/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('DnsAddPage', { timeout: 20_000 }, () => {
  it('adds an A record and returns to the list', async () => {
    const { calls, user, router } = open();
    await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), 'kassa');
    await user.type(screen.getByRole('textbox', { name: /^IPv4-adres/ }), '192.0.2.15');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhosting/a.nl/dns'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      record: 'A',
      host: 'kassa',
      ttl: 899,
      value: '192.0.2.15',
    });
  });

  it('checks each type with the contract schema before sending', async () => {
    const { calls, user } = open();
    await user.type(await screen.findByRole('textbox', { name: /^IPv4-adres/ }), '300.1.1.1');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(
      await screen.findByText('Vul een geldig IPv4-adres in, bijvoorbeeld 192.0.2.10'),
    ).toBeInTheDocument();
    await chooseType(user, 'MX (e-mail)');
    await user.clear(screen.getByRole('textbox', { name: /^Mailserver/ }));
    await user.type(screen.getByRole('textbox', { name: /^Mailserver/ }), '192.0.2.1');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(
      await screen.findByText('Mailserver moet een hostnaam zijn, geen IP-adres'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers the SRV fields with tcp and priority 10 by default', async () => {
    const { calls, user } = open();
    await chooseType(user, 'SRV (dienst)');
    expect(screen.getByRole('textbox', { name: /^Protocol/ })).toHaveValue('TCP');
    expect(screen.getByRole('textbox', { name: /^Prioriteit/ })).toHaveValue('10');
    await user.type(screen.getByRole('textbox', { name: /^Dienst/ }), 'sip');
    await user.type(screen.getByRole('textbox', { name: /^Poort/ }), '5060');
    await user.type(screen.getByRole('textbox', { name: /^Doel/ }), 'sip.example.org');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        record: 'SRV',
        service: 'sip',
        protocol: 'tcp',
        priority: 10,
        port: 5060,
        target: 'sip.example.org',
      }),
    );
  });

  it("shows a refused record's translated message once, above the form", async () => {
    const { user, router } = open(fail(422, 'mx_prerequisite'), { ...LIST, a_cname_host_count: 0 });
    await chooseType(user, 'MX (e-mail)');
    expect(screen.getByText(/Er is nog geen A-, CNAME- of hostingrecord/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Mailserver/ }), 'mail');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Een MX-record kan pas worden toegevoegd/);
    expect(alert).not.toHaveTextContent('mx_prerequisite');
    expect(router.state.location.pathname).toBe('/webhosting/a.nl/dns/add');
  });

  it('says why a second SPF record is refused and what to do instead', async () => {
    const { user, router } = open(fail(409, 'spf_exists'));
    await chooseType(user, 'TXT (tekst, SPF, DKIM, DMARC)');
    await user.type(screen.getByRole('textbox', { name: /^Tekst/ }), 'v=spf1 -all');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Deze naam heeft al een SPF-record/);
    expect(alert).toHaveTextContent('pas het bestaande SPF-record aan');
    expect(router.state.location.pathname).toBe('/webhosting/a.nl/dns/add');
  });

  it('puts the server field codes on their fields', async () => {
    const { user } = open(fail(422, 'invalid_host', { host: 'invalid_host' }));
    await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), 'www.other.test.');
    await user.type(screen.getByRole('textbox', { name: /^IPv4-adres/ }), '192.0.2.1');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(
      await screen.findByText(/^Naam moet een naam binnen dit domein zijn/),
    ).toBeInTheDocument();
    // Once: on the field, not also as the form's alert.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a zone rule that names a field on that field only', async () => {
    const { user } = open(fail(422, 'cname_apex', { host: 'cname_apex' }));
    await chooseType(user, 'CNAME (alias)');
    await user.type(screen.getByRole('textbox', { name: /^Naam/ }), 'blog');
    await user.type(screen.getByRole('textbox', { name: /^Verwijst naar/ }), 'elders.example.org');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Een CNAME kan niet voor het domein zelf')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains a kind that cannot be added now when it is chosen, and sends nothing', async () => {
    const { calls, user } = open();
    await chooseType(user, 'Websitedoorverwijzing (nu niet mogelijk)');
    expect(screen.getByRole('note')).toHaveTextContent(
      /Een websitedoorverwijzing kan alleen als er geen A-, AAAA- of hostingrecords/,
    );
    expect(screen.queryByRole('textbox', { name: /^Doel-URL/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Toevoegen' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
