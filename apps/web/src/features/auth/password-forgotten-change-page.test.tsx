import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as auth from '@haven/contract/auth';
import { fail, fakeApi, type FakeReply } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { PasswordForgottenChangePage } from './password-forgotten-change-page.tsx';

vi.mock('@haven/contract/password-strength', () => ({ passwordScore: () => 4 }));

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const GOOD_PASSWORD = 'Zomer-Fiets-2025!x';

function renderWith(
  validate: FakeReply<typeof auth.passwordForgottenValidate>,
  update?: FakeReply<typeof auth.passwordForgottenUpdate>,
) {
  const fake = fakeApi().on(auth.passwordForgottenValidate, validate);
  if (update) fake.on(auth.passwordForgottenUpdate, update);
  renderPage(<PasswordForgottenChangePage />, {
    path: '/password-forgotten/:token',
    url: `/password-forgotten/${TOKEN}`,
  });
  return fake.calls;
}

async function submitNewPassword() {
  const user = userEvent.setup();
  await user.type(
    await screen.findByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }),
    GOOD_PASSWORD,
  );
  await user.type(
    screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }),
    GOOD_PASSWORD,
  );
  await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
}

describe('PasswordForgottenChangePage', () => {
  it('validates the token first, then shows the domain and the form', async () => {
    const calls = renderWith({ domain: 'example.nl', username: 'jan' });
    expect(screen.getByRole('status', { name: 'Bezig met laden…' })).toBeInTheDocument();
    expect(await screen.findByText('example.nl')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nieuw wachtwoord/, { selector: 'input' })).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: TOKEN });
  });

  it('is invalid when the validation answers an empty domain', async () => {
    renderWith({ domain: '', username: '' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze link is ongeldig of verlopen.',
    );
    expect(
      screen.queryByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }),
    ).not.toBeInTheDocument();
  });

  it('is invalid when the validation fails', async () => {
    renderWith(fail(500, 'internal'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze link is ongeldig of verlopen.',
    );
  });

  it('turns invalid when the update answers expired', async () => {
    renderWith({ domain: 'example.nl', username: 'jan' }, fail(410, 'expired'));
    await submitNewPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze link is ongeldig of verlopen.',
    );
    expect(screen.queryByRole('button', { name: 'Wachtwoord opslaan' })).not.toBeInTheDocument();
  });

  it('explains a refused new password', async () => {
    renderWith({ domain: 'example.nl', username: 'jan' }, fail(422, 'invalid_password'));
    await submitNewPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Het nieuwe wachtwoord voldoet niet aan de eisen.',
    );
  });

  it('hides the form after a successful change and links to the login', async () => {
    const calls = renderWith({ domain: 'example.nl', username: 'jan' }, { updated: true });
    await submitNewPassword();
    expect(await screen.findByText(/Je wachtwoord is gewijzigd/)).toBeInTheDocument();
    expect(
      screen.queryByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar inloggen' })).toHaveAttribute(
      'href',
      '/?domain=example.nl',
    );
    expect(calls.at(-1)?.body).toEqual({ token: TOKEN, password: GOOD_PASSWORD });
  });

  it('checks the repeat before sending', async () => {
    const calls = renderWith({ domain: 'example.nl', username: 'jan' }, { updated: true });
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }),
      GOOD_PASSWORD,
    );
    await user.type(
      screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }),
      'iets anders',
    );
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(
      await screen.findByText(
        'De twee wachtwoorden zijn niet gelijk: typ twee keer hetzelfde wachtwoord.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('update'))).toHaveLength(0);
  });
});
