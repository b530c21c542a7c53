import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import * as auth from '@haven/contract/auth';
import { fail, fakeApi } from '../../test/fake-fetch.ts';
import { landing, renderPage } from '../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(() => vi.useRealTimers());

async function fillLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Gebruikersnaam/), 'jan');
  await user.type(
    screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }),
    'verkeerd-wachtwoord',
  );
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
}

describe('LoginPage', () => {
  it('prefills the domain from the query string', () => {
    fakeApi().on(auth.domainPackage, { package: null });
    renderPage(<LoginPage />, { url: '/?domain=example.nl' });
    expect(screen.getByLabelText(/Domeinnaam/)).toHaveValue('example.nl');
  });

  it('shows the translated danger alert on a 401', async () => {
    fakeApi()
      .on(auth.domainPackage, { package: 'HOSTING' })
      .on(auth.login, fail(401, 'unauthorized'));
    const user = userEvent.setup();
    renderPage(<LoginPage />, { url: '/?domain=example.nl' });
    await fillLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze combinatie van gebruikersnaam en wachtwoord is onbekend.',
    );
    expect(authStore.getState().token).toBeNull();
  });

  it('tells a locked-out user to wait 15 minutes', async () => {
    fakeApi()
      .on(auth.domainPackage, { package: 'HOSTING' })
      .on(auth.login, fail(429, 'too_many_attempts'));
    const user = userEvent.setup();
    renderPage(<LoginPage />, { url: '/?domain=example.nl' });
    await fillLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Probeer het over 15 minuten opnieuw.',
    );
  });

  it('stores the token and the domain and goes to the dashboard', async () => {
    const { calls } = fakeApi()
      .on(auth.domainPackage, { package: 'HOSTING' })
      .on(auth.login, { token: 'fresh' });
    const user = userEvent.setup();
    renderPage(<LoginPage />, { url: '/?domain=Example.NL', extraRoutes: [landing('/dashboard')] });
    await fillLogin(user);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
    expect(localStorage.getItem('user-token')).toBe('fresh');
    expect(localStorage.getItem('user-domain')).toBe('example.nl');
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toMatchObject({
      domain: 'example.nl',
      bestelcode: '',
    });
  });

  it('validates before sending', async () => {
    const { calls } = fakeApi();
    const user = userEvent.setup();
    renderPage(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Domeinnaam: vul dit in.')).toBeInTheDocument();
    expect(screen.getByText('Gebruikersnaam: vul dit in.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(0);
  });

  it('focuses the first invalid field and re-checks a field as it changes', async () => {
    fakeApi().on(auth.domainPackage, { package: null });
    const user = userEvent.setup();
    renderPage(<LoginPage />, { url: '/?domain=example.nl' });
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Gebruikersnaam: vul dit in.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Gebruikersnaam/)).toHaveFocus();
    await user.type(screen.getByLabelText(/Gebruikersnaam/), 'jan');
    expect(screen.queryByText('Gebruikersnaam: vul dit in.')).not.toBeInTheDocument();
    expect(screen.getByText('Wachtwoord: vul dit in.')).toBeInTheDocument();
  });

  it("puts the server's field codes under their fields instead of an alert", async () => {
    fakeApi()
      .on(auth.domainPackage, { package: null })
      .on(auth.login, fail(422, 'validation', { domain: 'regex' }));
    const user = userEvent.setup();
    renderPage(<LoginPage />, { url: '/?domain=example.nl' });
    await fillLogin(user);
    expect(
      await screen.findByText(
        'Domeinnaam bevat tekens die hier niet mogen: kijk bij de uitleg onder het veld.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('looks the package up 500 ms after the last keystroke, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = fakeApi().on(auth.domainPackage, { package: 'DOMAIN' });
    renderPage(<LoginPage />);
    const lookups = () => calls.filter((c) => c.path === '/api/auth/domain-package');
    const input = screen.getByLabelText(/Domeinnaam/);

    // Keystrokes 300 ms apart: each one restarts the wait (user-event's async wrapper would
    // wait on the faked clock, so the keystrokes are plain change events).
    for (const value of ['example.n', 'example.nl']) {
      fireEvent.change(input, { target: { value } });
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
    }
    expect(lookups()).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(199);
    });
    expect(lookups()).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    // Let the answer arrive and the query cache publish it (it batches on timers, too).
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('Domeinpakket')).toBeInTheDocument();
    expect(lookups()).toHaveLength(1);
    expect(lookups()[0]?.body).toEqual({ domain: 'example.nl' });
  });
});
