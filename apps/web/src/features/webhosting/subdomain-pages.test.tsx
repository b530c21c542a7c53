import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp } from '../../test/app-harness.tsx';
import * as webhosting from '@haven/contract/webhosting';
import { fail, type FakeApi } from '../../test/fake-fetch.ts';
import { BLOG, fakeShell, WWW } from './test-fixtures.ts';

// The first screen of a file loads its lazy chunks cold: give it more time on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

let stop: () => void = () => {};
afterEach(() => stop());

function open(url: string, answer: (fake: FakeApi) => unknown = () => {}) {
  authStore.setToken('token');
  const fake = fakeShell();
  answer(fake);
  const { calls } = fake;
  const app = renderApp(url);
  stop = app.stop;
  return { ...app, calls, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

// Whole-app renders with lazy screens and many keystrokes: slower than the 5 s default on a busy machine.
describe('subdomain screens', { timeout: 60_000 }, () => {
  it('lists the subdomains with PHP version and web user, inside the container navigation', async () => {
    open('/webhosting/a.nl', (fake) =>
      fake.on(webhosting.listSubdomains, { subdomains: [WWW, BLOG] }),
    );
    expect(await screen.findByRole('link', { name: 'blog.a.nl' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/subdomain/blog',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Subdomeinen' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Webhosting' });
    expect(within(nav).getByRole('link', { name: 'Subdomeinen' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Webgebruikers' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl/web-user',
    );
    expect(screen.getAllByText('PHP 8.2')).toHaveLength(2);
    expect(screen.getByText('blogger')).toBeInTheDocument();
  });

  it('adds a subdomain on the newest PHP with a new web user of its own', async () => {
    const { calls, user, router } = open('/webhosting/a.nl/subdomain/add', (fake) =>
      fake
        .on(webhosting.createSubdomain, {
          ...BLOG,
          name: 'shop.a.nl',
          name_short: 'shop',
          ftpAccount: { id: 9, name: 'shopftp' },
        })
        .on(webhosting.getSubdomain, { ...BLOG, name: 'shop.a.nl', name_short: 'shop' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'PHP-versie' })).toHaveValue('PHP 8.2'),
    );
    await user.type(screen.getByRole('textbox', { name: /^Naam/ }), 'shop');
    await choose(user, /^Webgebruiker/, 'Nieuwe webgebruiker…');
    await user.type(
      screen.getByRole('textbox', { name: /^Naam van de nieuwe webgebruiker/ }),
      'shopftp',
    );
    await user.type(
      screen.getByLabelText(/^Wachtwoord van de nieuwe webgebruiker/, { selector: 'input' }),
      'Shop-ftp-2024!x',
    );
    await user.type(
      screen.getByLabelText(/^Herhaal het wachtwoord/, { selector: 'input' }),
      'Shop-ftp-2024!x',
    );
    await user.click(screen.getByRole('button', { name: 'Subdomein toevoegen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/webhosting/a.nl/subdomain/shop'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'shop',
      phpHandlerId: 'php82',
      ftpAccount: { name: 'shopftp', password: 'Shop-ftp-2024!x' },
    });
  });

  it('asks for the new web user and a valid name before sending, and shows the server catalogue on the field', async () => {
    const { calls, user } = open('/webhosting/a.nl/subdomain/add', (fake) =>
      fake.on(webhosting.createSubdomain, fail(409, 'name_exists')),
    );
    await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), 'Shop');
    await choose(user, /^Webgebruiker/, 'Nieuwe webgebruiker…');
    await user.click(screen.getByRole('button', { name: 'Subdomein toevoegen' }));
    expect(
      await screen.findByText(
        'Naam bevat tekens die hier niet mogen: kijk bij de uitleg onder het veld.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Naam van de nieuwe webgebruiker: vul dit in.')).toBeInTheDocument();
    expect(
      screen.getByText('Wachtwoord van de nieuwe webgebruiker: vul dit in.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: /^Naam$|^Naam \*/ }));
    await user.type(screen.getByRole('textbox', { name: /^Naam$|^Naam \*/ }), 'blog');
    await choose(user, /^Webgebruiker/, 'blogger');
    await user.click(screen.getByRole('button', { name: 'Subdomein toevoegen' }));
    expect(await screen.findByText('Dit subdomein bestaat al.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'blog',
      phpHandlerId: 'php82',
      ftpAccount: { id: 7 },
    });
  });

  it('changes the PHP version and an ini value of a subdomain', async () => {
    const { calls, user } = open('/webhosting/a.nl/subdomain/blog', (fake) =>
      fake
        .on(webhosting.getSubdomain, BLOG)
        .on(webhosting.updateSubdomain, { ...BLOG, phpHandlerId: 'php81' })
        .on(webhosting.getIniAvailable, {
          available: [
            { key: 'memory_limit', kind: 'size', default: '128M', max: 2048 },
            { key: 'display_errors', kind: 'flag', default: 'Off' },
          ],
        })
        .on(webhosting.getIni, { ini: { display_errors: 'On' } })
        .on(webhosting.setIni, ({ body }) => body),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'blog.a.nl' })).toBeInTheDocument();
    // Perl and Python are shown as what they are: no switches, a plain statement.
    expect(
      screen.getByText('Perl en Python horen niet bij je hosting; alleen PHP wordt uitgevoerd.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /perl|python/i })).toBeNull();
    expect(screen.queryByRole('switch', { name: /perl|python/i })).toBeNull();
    await choose(user, /^PHP-versie/, 'PHP 8.1');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De instellingen zijn opgeslagen.')).toBeInTheDocument();
    expect(
      calls.find((c) => c.path.endsWith('/subdomain/blog') && c.method === 'POST')?.body,
    ).toEqual({
      phpHandlerId: 'php81',
      ftpAccount: { id: 7 },
    });

    const memory = await screen.findByRole('textbox', { name: 'memory_limit' });
    await user.type(memory, '12 parsecs');
    await user.click(screen.getByRole('button', { name: 'PHP-instellingen opslaan' }));
    expect(
      await screen.findByText(
        'Vul een grootte in zoals 128M, 1G of een aantal bytes (tot en met 2048M).',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/ini') && c.method === 'POST')).toBe(false);
    await user.clear(memory);
    await user.type(memory, '256M');
    await user.click(screen.getByRole('button', { name: 'PHP-instellingen opslaan' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/ini') && c.method === 'POST')?.body).toEqual({
        ini: { display_errors: 'On', memory_limit: '256M' },
      }),
    );
  });

  it('says on the form that post_max_size is raised with upload_max_filesize, and sends it raised', async () => {
    const { calls, user } = open('/webhosting/a.nl/subdomain/blog', (fake) =>
      fake
        .on(webhosting.getSubdomain, BLOG)
        .on(webhosting.getIniAvailable, {
          available: [
            { key: 'post_max_size', kind: 'size', default: '8M', max: 2049 },
            { key: 'upload_max_filesize', kind: 'size', default: '2M', max: 2048 },
          ],
        })
        .on(webhosting.getIni, { ini: {} })
        .on(webhosting.setIni, ({ body }) => body),
    );
    const upload = await screen.findByRole('textbox', { name: 'upload_max_filesize' });
    const post = screen.getByRole('textbox', { name: 'post_max_size' });
    expect(post).toHaveAccessibleDescription(
      'Standaard: 8M. Minstens upload_max_filesize + 1M: gaat mee omhoog als hij lager is.',
    );
    await user.type(upload, '64M');
    expect(post).toHaveAccessibleDescription(
      'Standaard: 8M. Wordt 65M bij opslaan, zodat een upload van upload_max_filesize past.',
    );
    await user.click(screen.getByRole('button', { name: 'PHP-instellingen opslaan' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/ini') && c.method === 'POST')?.body).toEqual({
        ini: { upload_max_filesize: '64M', post_max_size: '65M' },
      }),
    );
    await waitFor(() => expect(post).toHaveValue('65M'));
  });

  it('offers date.timezone from the real list only, searchable, and shows a refusal once on its field', async () => {
    const { calls, user } = open('/webhosting/a.nl/subdomain/blog', (fake) =>
      fake
        .on(webhosting.getSubdomain, BLOG)
        .on(webhosting.getIniAvailable, {
          available: [{ key: 'date.timezone', kind: 'timezone', default: 'Europe/Amsterdam' }],
        })
        .on(webhosting.getIni, { ini: {} })
        .on(webhosting.setIni, () =>
          fail(422, 'invalid_ini_value', { 'ini.date.timezone': 'invalid_ini_value' }),
        ),
    );
    const zone = await screen.findByRole('textbox', { name: 'date.timezone' });
    await user.type(zone, 'Mars/Oly');
    expect(await screen.findByText('Geen tijdzone gevonden')).toBeInTheDocument();
    await user.clear(zone);
    await user.type(zone, 'Europe/Amst');
    await user.click(await screen.findByRole('option', { name: 'Europe/Amsterdam' }));
    await user.click(screen.getByRole('button', { name: 'PHP-instellingen opslaan' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/ini') && c.method === 'POST')?.body).toEqual({
        ini: { 'date.timezone': 'Europe/Amsterdam' },
      }),
    );
    expect(await screen.findByText('Kies een tijdzone uit de lijst.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes a subdomain after confirming, and shows why a delete is refused', async () => {
    let refuse = true;
    const { calls, user, router } = open('/webhosting/a.nl/subdomain/blog', (fake) =>
      fake
        .on(webhosting.getSubdomain, BLOG)
        .on(webhosting.getIniAvailable, { available: [] })
        .on(webhosting.getIni, { ini: {} })
        .on(webhosting.deleteSubdomain, () =>
          refuse ? fail(409, 'webapps_linked') : { deleted: true as const },
        )
        .on(webhosting.listSubdomains, { subdomains: [WWW] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Subdomein blog\.a\.nl wordt verwijderd/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(/er nog webapplicaties aan gekoppeld/)).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhosting/a.nl/subdomain'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('offers no delete for www', async () => {
    open('/webhosting/a.nl/subdomain/www', (fake) =>
      fake
        .on(webhosting.getSubdomain, WWW)
        .on(webhosting.getIniAvailable, { available: [] })
        .on(webhosting.getIni, { ini: {} }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'www.a.nl' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).not.toBeInTheDocument();
  });
});
