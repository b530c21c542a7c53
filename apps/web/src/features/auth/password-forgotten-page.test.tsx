import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { renderPage } from '../../test/render.tsx';
import { PasswordForgottenPage } from './password-forgotten-page.tsx';

describe('PasswordForgottenPage', () => {
  it('sends the domain with the interface language and reports the mail', async () => {
    const calls = fakeFetch({ 'POST /api/auth/password-forgotten': { body: { sent: true } } });
    const user = userEvent.setup();
    renderPage(<PasswordForgottenPage />, { path: '/password-forgotten', url: '/password-forgotten?domain=example.nl' });
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Als dit domein bij ons bekend is');
    expect(calls[0]?.body).toEqual({ domain: 'example.nl', language: 'nl' });
    expect(screen.queryByRole('button', { name: 'Verstuur' })).not.toBeInTheDocument();
  });
});
