import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as hosting from '@haven/contract/hosting';
import * as webhosting from '@haven/contract/webhosting';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp } from '../../test/app-harness.tsx';
import type { FakeApi } from '../../test/fake-fetch.ts';
import { BLOG, fakeShell, WWW } from './test-fixtures.ts';

configure({ asyncUtilTimeout: 20_000 });

let stop: () => void = () => {};
afterEach(() => stop());

const running = { state: 'running', package: null } as const;
const ACCESS: hosting.HostingAccessView = {
  web: { ...running, subdomainUrl: 'http://{subdomain}.a.nl.localhost:8081/' },
  ftp: { ...running, host: '127.0.0.1', port: 2121 },
  dns: { ...running, server: { host: '127.0.0.1', port: 8053 }, nameservers: [] },
};

function open(url: string, access: hosting.HostingAccessView, more: (f: FakeApi) => unknown) {
  authStore.setToken('token');
  const fake = fakeShell().on(hosting.hostingAccess, access);
  more(fake);
  const app = renderApp(url);
  stop = app.stop;
}

describe('where the customer reaches what they made', { timeout: 60_000 }, () => {
  it('links each subdomain to its address in a new tab', async () => {
    open('/webhosting/a.nl', ACCESS, (f) =>
      f.on(webhosting.listSubdomains, { subdomains: [WWW, BLOG] }),
    );
    const link = await screen.findByRole('link', {
      name: 'blog openen in een nieuw tabblad',
    });
    expect(link).toHaveAttribute('href', 'http://blog.a.nl.localhost:8081/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(within(link).getByText('Openen')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("says so in the customer's words when nginx is not installed, and still shows the address", async () => {
    open(
      '/webhosting/a.nl/subdomain/blog',
      { ...ACCESS, web: { ...ACCESS.web, state: 'not-installed', package: 'nginx' } },
      (f) => f.on(webhosting.getSubdomain, BLOG).on(webhosting.getIni, { ini: {} }),
    );
    expect(await screen.findByText(/De webserver is niet beschikbaar/)).toBeInTheDocument();
    expect(screen.getByText(/neem dan contact op met de helpdesk/i)).toBeInTheDocument();
    expect(screen.queryByText(/nginx|Debian/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /blog\.a\.nl\.localhost:8081/ })).toHaveAttribute(
      'href',
      'http://blog.a.nl.localhost:8081/',
    );
  });

  it('shows a notice and no FTP address when FTP is off', async () => {
    open(
      '/webhosting/a.nl/web-user',
      { ...ACCESS, ftp: { ...ACCESS.ftp, state: 'off' } },
      () => {},
    );
    expect(await screen.findByRole('note')).toHaveTextContent(/De FTP-server staat uit/);
    // No address for a server that does not answer.
    expect(screen.queryByTestId('ftp-server')).not.toBeInTheDocument();
  });

  it('shows no notice in the debian profile, where the system runs the services', async () => {
    const system = { state: 'system', package: null } as const;
    open(
      '/webhosting/a.nl/web-user',
      {
        web: { ...system, subdomainUrl: 'http://{subdomain}.a.nl/' },
        ftp: { ...system, host: 'a.nl', port: 21 },
        dns: { ...system, server: null, nameservers: ['ns1.provider.nl'] },
      },
      () => {},
    );
    expect(await screen.findByTestId('ftp-server')).toHaveTextContent('Host a.nl, poort 21');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
