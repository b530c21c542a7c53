import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { validationMessage } from './validation.ts';

describe('validationMessage', () => {
  const t = i18n.t.bind(i18n);

  it('gives the Dutch texts of the specs', () => {
    expect(validationMessage(t, 'required', 'Domeinnaam')).toBe('Domeinnaam is verplicht');
    expect(validationMessage(t, 'confirmed', 'Wachtwoord')).toBe('Velden komen niet overeen');
    expect(validationMessage(t, 'regex', 'Naam')).toBe('Naam bevat een ongeldige waarde');
    expect(validationMessage(t, 'email', 'E-mail')).toBe('E-mail is geen geldig e-mailadres');
    expect(validationMessage(t, 'non_ascii', 'Bestandsnaam')).toBe(
      'Bestandsnaam mag alleen ASCII karakters bevatten',
    );
  });

  it('gives English texts in English', async () => {
    await i18n.changeLanguage('en');
    expect(validationMessage(t, 'required', 'Domain name')).toBe('Domain name is required');
    expect(validationMessage(t, 'non_ascii', 'File name')).toBe(
      'File name may only contain ASCII characters',
    );
  });

  it('passes unknown messages through and nothing for no message', () => {
    expect(validationMessage(t, 'something odd', 'X')).toBe('something odd');
    expect(validationMessage(t, undefined, 'X')).toBeUndefined();
  });
});
