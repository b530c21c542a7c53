import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as auth from '@haven/contract/auth';
import { fakeApi } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { PasswordForgottenPage } from './password-forgotten-page.tsx';

describe('PasswordForgottenPage', () => {
  it('sends the domain with the interface language and reports the mail', async () => {
    const { calls } = fakeApi().on(auth.passwordForgotten, { sent: true });
    const user = userEvent.setup();
    renderPage(<PasswordForgottenPage />, {
      path: '/password-forgotten',
      url: '/password-forgotten?domain=example.nl',
    });
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Als dit domein bij ons bekend is');
    expect(calls[0]?.body).toEqual({ domain: 'example.nl', language: 'nl' });
    expect(screen.queryByRole('button', { name: 'Verstuur' })).not.toBeInTheDocument();
  });
});
