import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import * as account from '@haven/contract/account';
import * as jobs from '@haven/contract/jobs';
import * as webapps from '@haven/contract/webapps';
import * as webhosting from '@haven/contract/webhosting';
import { authStore } from '../../lib/auth-store.ts';
import { i18n } from '../../lib/i18n.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import { fakeApi } from '../../test/fake-fetch.ts';

// The first screen of a file loads its lazy chunks cold: give it more time on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

const JOB = '6f1c1a2e-8d4b-4c1e-9f3a-2b7d5e9a0c11';
let stop: () => void = () => {};
afterEach(() => stop());

const sub = (name_short: string, docroot: string): webhosting.Subdomain => ({
  name: `${name_short}.a.nl`,
  name_short,
  perl: false,
  python: false,
  phpHandlerId: 'php82',
  ftpAccount: null,
  docroot,
});

function open() {
  authStore.setToken('token');
  const fake = fakeApi()
    .on(account.getUser, USER)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(webapps.listPackages, {
      packages: [
        { name: 'WordPress', versions: [{ key: 'wordpress-6.1', name: 'WordPress 6.1.9' }] },
      ],
    })
    .on(webhosting.listSubdomains, {
      subdomains: [sub('www', 'httpdocs'), sub('blog', 'subdomains/blog')],
    })
    .on(webapps.installWebapp, {
      job: JOB,
      webapp: {
        id: 1,
        package: 'wordpress-6.1',
        name: 'WordPress',
        version: '6.1.9',
        subdomain: 'www',
        directory: '',
        url: 'http://a.nl/',
        admin_url: 'http://a.nl/beheer/',
        state: 'installing',
        job: JOB,
        error: null,
        created_at: '2026-11-29T06:00:00.000Z',
      },
    })
    .on(jobs.getJob, {
      id: JOB,
      kind: 'webapp-install',
      state: 'running',
      progress: 40,
      error: null,
      result: null,
      created_at: '2026-11-29T06:00:00.000Z',
      updated_at: '2026-11-29T06:00:01.000Z',
    });
  const app = renderApp('/webhosting/a.nl/webapp/add');
  stop = app.stop;
  return { ...app, calls: fake.calls, user: userEvent.setup() };
}

describe('web app install form', { timeout: 60_000 }, () => {
  it('offers the main site as its own choice (chosen first) and sends the panel language', async () => {
    const { calls, user } = open();
    const site = await screen.findByRole('textbox', { name: /^Subdomein/ });
    await waitFor(() => expect(site).toHaveValue('a.nl (hoofdsite)'));
    await user.click(site);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['a.nl (hoofdsite)', 'blog.a.nl']);
    await user.click(screen.getByRole('option', { name: 'a.nl (hoofdsite)' }));
    expect(
      screen.getByText('De site wordt in het Nederlands geïnstalleerd, net als dit panel.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: /^Pakket en versie/ }));
    await user.click(await screen.findByRole('option', { name: 'WordPress 6.1.9' }));
    await user.type(screen.getByRole('textbox', { name: /^E-mailadres beheerder/ }), 'jan@a.nl');
    await user.type(screen.getByRole('textbox', { name: /^Gebruikersnaam beheerder/ }), 'jan');
    const password = 'Wp-admin-Pass-2024!';
    await user.type(
      screen.getByLabelText(/^Wachtwoord beheerder/, { selector: 'input' }),
      password,
    );
    await user.type(
      screen.getByLabelText(/^Herhaal wachtwoord beheerder/, { selector: 'input' }),
      password,
    );
    await user.click(screen.getByRole('button', { name: 'Installeren' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.path.endsWith('/webapp'))?.body,
      ).toMatchObject({ webapp: 'wordpress-6.1', subdomain: { id: 'www' }, language: 'nl' }),
    );
  });

  it("shows installBody's rules in the area's own words before anything is sent", async () => {
    const { calls, user } = open();
    await user.type(
      await screen.findByRole('textbox', { name: /^Gebruikersnaam beheerder/ }),
      'jan de vries',
    );
    await user.clear(screen.getByRole('textbox', { name: /^Beheerpad/ }));
    await user.type(screen.getByRole('textbox', { name: /^Beheerpad/ }), 'a/b');
    await user.type(screen.getByLabelText(/^Wachtwoord beheerder/, { selector: 'input' }), 'kort');
    await user.click(screen.getByRole('button', { name: 'Installeren' }));
    expect(
      await screen.findByText(
        'Gebruik 3 tot 60 letters, cijfers of . _ - @ voor de gebruikersnaam.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Het beheerpad moet één mapnaam zijn, zonder schuine strepen of spaties.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(i18n.t('validations:invalid_password', { field: 'Wachtwoord beheerder' })),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
