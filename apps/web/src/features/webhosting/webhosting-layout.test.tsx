import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp } from '../../test/app-harness.tsx';
import * as databases from '@haven/contract/databases';
import * as webhosting from '@haven/contract/webhosting';
import { fakeShell, WWW } from './test-fixtures.ts';

// The first screen of a file loads its lazy chunks cold: give it more time on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

let stop: () => void = () => {};
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

const transition = () =>
  document.querySelector('[data-transition]')?.getAttribute('data-transition');

describe('webhosting container', { timeout: 60_000 }, () => {
  it('opens on subdomains and moves screens by depth: deeper slides forward, back slides back, sections fade', async () => {
    authStore.setToken('token');
    fakeShell().on(webhosting.listSubdomains, { subdomains: [WWW] });
    const app = renderApp('/webhosting/a.nl');
    stop = app.stop;
    const user = userEvent.setup();
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe('/webhosting/a.nl/subdomain'),
    );
    await user.click(await screen.findByRole('link', { name: 'Subdomein toevoegen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subdomein toevoegen' }),
    ).toBeInTheDocument();
    expect(transition()).toBe('forward');
    await user.click(screen.getByRole('link', { name: /Terug naar subdomeinen/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subdomeinen' }),
    ).toBeInTheDocument();
    expect(transition()).toBe('back');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Webhosting' })).getByRole('link', {
        name: 'Webgebruikers',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Webgebruikers' }),
    ).toBeInTheDocument();
    expect(transition()).toBe('fade');
  });

  it('is in the main navigation for hosting users', async () => {
    authStore.setToken('token');
    fakeShell().on(webhosting.listSubdomains, { subdomains: [WWW] });
    const app = renderApp('/webhosting/a.nl/subdomain');
    stop = app.stop;
    const main = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(await within(main).findByRole('link', { name: 'Webhosting' })).toHaveAttribute(
      'href',
      '/webhosting/a.nl',
    );
  });
});

describe('webhosting container for an entry-level (instap) domain', { timeout: 60_000 }, () => {
  it('counts the databases against the plan on the databases section', async () => {
    authStore.setToken('token');
    fakeShell()
      .on(webhosting.listSubdomains, { subdomains: [] })
      .on(webhosting.getPhpVersions, { versions: [] })
      .on(databases.listDatabases, {
        prefix: 'b_',
        max_databases: 1,
        available: true,
        databases: [{ name: 'b_shop', size: 0, users: 1, created_at: '2026-01-01' }],
      });
    const app = renderApp('/webhosting/b.nl/subdomain');
    stop = app.stop;
    const nav = await screen.findByRole('navigation', { name: 'Webhosting' });
    expect(within(nav).getByRole('link', { name: /^Databases/ })).toBeInTheDocument();
    expect(await within(nav).findByText('1 van 1 databases in gebruik')).toBeInTheDocument();
    expect(within(nav).getByText('1/1')).toBeInTheDocument();
  });
});

describe('webhosting tabs on a narrow screen', { timeout: 60_000 }, () => {
  it('keeps one row, the same on every section: the rest is behind "Meer"', async () => {
    // jsdom lays nothing out: a 300 px row, each tab (and "Meer") 100 px wide.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return DOMRect.fromRect({ width: this.tagName === 'NAV' ? 300 : 100, height: 30 });
    });
    authStore.setToken('token');
    fakeShell().on(webhosting.listSubdomains, { subdomains: [WWW] });
    const app = renderApp('/webhosting/a.nl/subdomain');
    stop = app.stop;
    const nav = await screen.findByRole('navigation', { name: 'Webhosting' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Subdomeinen', 'DNS']),
    );
    expect(within(nav).getByRole('link', { name: 'Subdomeinen' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Meer' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toContain('Statistieken');
    expect(items.map((i) => i.textContent)).not.toContain('Subdomeinen');
    await user.click(screen.getByRole('menuitem', { name: 'Webgebruikers' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe('/webhosting/a.nl/web-user'),
    );
    // The row stays as it was; the section opened from the menu names the "more" button.
    expect(
      await within(nav).findByRole('button', { name: 'Meer: Webgebruikers' }),
    ).toHaveTextContent('Webgebruikers');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Subdomeinen', 'DNS']);
    await user.click(within(nav).getByRole('button', { name: 'Meer: Webgebruikers' }));
    expect(await screen.findByRole('menuitem', { name: 'Webgebruikers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
