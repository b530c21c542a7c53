import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderApp, USER } from '../../test/app-harness.tsx';
import * as account from '@haven/contract/account';
import { fail, fakeApi, type FakeReply } from '../../test/fake-fetch.ts';

vi.mock('@haven/contract/password-strength', () => ({ passwordScore: () => 4 }));

let stop: () => void = () => {};
afterEach(() => stop());

const NEW_PASSWORD = 'Zomer-Fiets-2025!x';

async function changePassword(update: FakeReply<typeof account.updatePassword>) {
  authStore.setToken('old-token');
  const { calls } = fakeApi()
    .on(account.getUser, USER)
    .on(account.getGeneralNotifications, { notifications: [] })
    .on(account.getDomainNotifications, { notifications: [] })
    .on(account.updatePassword, update);
  const app = renderApp('/account/a.nl');
  stop = app.stop;
  const user = userEvent.setup();
  await user.type(
    await screen.findByLabelText(/^Huidig wachtwoord/, { selector: 'input' }),
    'oud-wachtwoord',
  );
  await user.type(screen.getByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }), NEW_PASSWORD);
  await user.type(
    screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }),
    NEW_PASSWORD,
  );
  await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
  return { ...app, calls };
}

describe('AccountPage', () => {
  it('stores the fresh token, confirms and returns to the dashboard', async () => {
    const { router, calls } = await changePassword({ token: 'new-token' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Je wachtwoord is gewijzigd.')).toBeInTheDocument();
    expect(localStorage.getItem('user-token')).toBe('new-token');
    expect(calls.find((c) => c.path === '/api/a.nl/user/update')?.body).toEqual({
      current_password: 'oud-wachtwoord',
      password: NEW_PASSWORD,
    });
  });

  it('marks a wrong current password on its field', async () => {
    const { router } = await changePassword(fail(422, 'invalid_current_password'));
    expect(await screen.findByText('Het huidige wachtwoord klopt niet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/a.nl');
    expect(localStorage.getItem('user-token')).toBe('old-token');
  });
});
