import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { renderApp, USER } from '../test/app-harness.tsx';
import * as account from '@haven/contract/account';
import * as auth from '@haven/contract/auth';
import { fail, fakeApi } from '../test/fake-fetch.ts';
import * as mailLists from '@haven/contract/mail-lists';

let stopSession: () => void = () => {};
afterEach(() => stopSession());

function loggedIn(user: account.User = USER) {
  authStore.setToken('tok');
  return fakeApi()
    .on(auth.refreshToken, { token: 'tok-2' })
    .on(account.getUser, user)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] });
}

function open(url: string) {
  const app = renderApp(url);
  stopSession = app.stop;
  return app;
}

describe('route guards', () => {
  it('sends a visitor without a session from the dashboard to the login', async () => {
    fakeApi().on(auth.domainPackage, { package: null });
    const { router } = open('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a logged-in user from the login to the dashboard', async () => {
    loggedIn();
    const { router } = open('/password-forgotten');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Jan Jansen/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('logs out and returns to the login on any 401', async () => {
    loggedIn().on(account.getUser, fail(401, 'unauthorized'));
    const { router } = open('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('user-token')).toBeNull();
  });
});

describe('logged-in shell', () => {
  it('has landmarks, and links only to screens that exist', async () => {
    loggedIn();
    open('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Jan Jansen/ });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    // The links come in a deferred render after the greeting's.
    const links = (await within(nav).findAllByRole('link')).map((link) =>
      link.getAttribute('href'),
    );
    expect(links).toEqual([
      '/dashboard',
      '/account/a.nl',
      '/webhosting/a.nl',
      '/mail/a.nl',
      '/sitebuilder/a.nl',
      '/upgrade/a.nl',
      '/helpdesk',
    ]);
    expect(document.title).toBe('Dashboard · Haven');
  });

  it('opens the mailing lists, the last screen that was "not available"', async () => {
    loggedIn().on(mailLists.listLists, { lists: [], mail_active: true });
    open('/mail/a.nl/list');
    expect(await screen.findByRole('heading', { name: 'Mailinglijsten' })).toBeInTheDocument();
  });

  it('does not show domains of someone else', async () => {
    loggedIn();
    open('/account/other.nl');
    expect(
      await screen.findByRole('heading', { name: 'Pagina niet gevonden' }),
    ).toBeInTheDocument();
  });

  it('answers unknown paths with the 404 page', async () => {
    loggedIn();
    open('/nothing/here');
    expect(
      await screen.findByRole('heading', { name: 'Pagina niet gevonden' }),
    ).toBeInTheDocument();
  });

  it('switches the domain on the same route and stores it', async () => {
    loggedIn();
    const { router } = open('/account/a.nl');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Wachtwoord wijzigen' });
    await user.click(screen.getByRole('textbox', { name: 'Domein' }));
    await user.click(await screen.findByRole('option', { name: 'b.nl' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/b.nl'));
    expect(localStorage.getItem('user-domain')).toBe('b.nl');
  });

  it('switches to the nearest screen the new domain has, never a "not in your package" page', async () => {
    const bare: account.UserDomain = {
      name: 'bare.nl',
      status: 0,
      instap: false,
      premium: false,
      package: 'DOMAIN',
      active: true,
    };
    loggedIn({ ...USER, domains: [...USER.domains, bare] });
    const { router } = open('/sitebuilder/a.nl');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('textbox', { name: 'Domein' }));
    await user.click(await screen.findByRole('option', { name: 'bare.nl' }));
    // A domain-only package has no site builder, nor anything else of its area: the dashboard.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(localStorage.getItem('user-domain')).toBe('bare.nl'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Domein' })).toHaveValue('bare.nl'),
    );
  });

  it('logs out through the server and clears the session', async () => {
    const { calls } = loggedIn().on(auth.logout, { ok: true });
    const { router } = open('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: /Jan Jansen/ });
    await user.click(screen.getAllByRole('button', { name: 'Uitloggen' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem('user-token')).toBeNull();
    expect(localStorage.getItem('user-domain')).toBeNull();
  });

  it('closes the phone menu with Escape and gives focus back to its button', async () => {
    loggedIn();
    open('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: /Jan Jansen/ });
    const menuButton = screen.getByRole('button', { name: 'Menu openen' });
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu openen' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(menuButton).toHaveFocus();
  });

  it('switches the language, the html lang attribute and the texts', async () => {
    loggedIn();
    open('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: /Jan Jansen/ });
    // A phone (jsdom matches no media query): the switch is in the menu, once it is opened.
    expect(screen.queryByText('EN')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu openen' }));
    await user.click(await screen.findByText('EN'));
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: /Good (morning|afternoon|evening), Jan Jansen/,
      }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('has the language switch in the header from the sm width on, not in the menu', async () => {
    const narrow = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...narrow(query), matches: query.includes('48em') });
    try {
      loggedIn();
      open('/dashboard');
      await screen.findByRole('heading', { level: 1, name: /Jan Jansen/ });
      await within(screen.getByRole('banner')).findByText('EN');
      const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
      await within(nav).findAllByRole('link');
      expect(within(nav).queryByText('EN')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = narrow;
    }
  });
});
