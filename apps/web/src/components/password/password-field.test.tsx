import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { PasswordField, type PasswordFieldProps } from './password-field.tsx';

// The strength estimator is lazy and heavy; the field's own behaviour is under test here.
vi.mock('@haven/contract/password-strength', () => ({
  passwordScore: (pw: string) => (pw.length >= 16 ? 4 : 1),
}));

function Harness(props: Partial<PasswordFieldProps>) {
  const [value, setValue] = useState('');
  return <PasswordField label="Wachtwoord" value={value} onChange={setValue} {...props} />;
}

describe('PasswordField', () => {
  it('generates a 12-character password of all four classes and shows it', async () => {
    const user = userEvent.setup();
    renderPage(<Harness withGenerator />);
    const input = screen.getByLabelText('Wachtwoord');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord genereren' }));
    const value = (input as HTMLInputElement).value;
    expect(value).toHaveLength(12);
    expect(value).toMatch(/[a-z]/);
    expect(value).toMatch(/[A-Z]/);
    expect(value).toMatch(/[0-9]/);
    expect(value).toMatch(/[^A-Za-z0-9]/);
    expect(input).toHaveAttribute('type', 'text');
  });

  it('offers a copy button beside a generated password, until it is typed over', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<Harness withGenerator />);
    expect(screen.queryByRole('button', { name: 'Wachtwoord kopiëren' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Wachtwoord genereren' }));
    const value = (screen.getByLabelText('Wachtwoord') as HTMLInputElement).value;
    await user.click(screen.getByRole('button', { name: 'Wachtwoord kopiëren' }));
    expect(writeText).toHaveBeenCalledWith(value);
    expect(await screen.findByRole('button', { name: 'Gekopieerd' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Wachtwoord'), 'x');
    expect(screen.queryByRole('button', { name: /kopiëren|Gekopieerd/ })).toBeNull();
  });

  it('generates 20 characters where asked', async () => {
    const user = userEvent.setup();
    renderPage(<Harness withGenerator long />);
    await user.click(screen.getByRole('button', { name: 'Wachtwoord genereren' }));
    expect((screen.getByLabelText('Wachtwoord') as HTMLInputElement).value).toHaveLength(20);
  });

  it('toggles between hidden and shown with a labelled, focusable button', async () => {
    const user = userEvent.setup();
    renderPage(<Harness />);
    const input = screen.getByLabelText('Wachtwoord');
    await user.type(input, 'geheim');
    const toggle = screen.getByRole('button', { name: 'Wachtwoord tonen' });
    expect(toggle).not.toHaveAttribute('tabindex', '-1');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord verbergen' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('offers no generator on a field for an existing password', () => {
    renderPage(<Harness />);
    expect(screen.queryByRole('button', { name: 'Wachtwoord genereren' })).not.toBeInTheDocument();
  });

  it('lists the policy rules and judges strength once the estimator has loaded', async () => {
    const user = userEvent.setup();
    renderPage(<Harness withStrength username="jan" />);
    await user.type(screen.getByLabelText('Wachtwoord'), 'Kort1!');
    expect(screen.getByText('12 tot 32 tekens')).toBeInTheDocument();
    expect(screen.getByText('bevat niet de gebruikersnaam')).toBeInTheDocument();
    expect(await screen.findByText(/Sterkte: zwak/)).toBeInTheDocument();
  });
});
