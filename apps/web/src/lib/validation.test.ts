import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { validationMessage } from './validation.ts';

describe('validationMessage', () => {
  const t = i18n.t.bind(i18n);

  it('gives Dutch texts that say how to fix the field', () => {
    expect(validationMessage(t, 'required', 'Domeinnaam')).toBe('Domeinnaam: vul dit in.');
    expect(validationMessage(t, 'confirmed', 'Wachtwoord')).toBe(
      'De twee wachtwoorden zijn niet gelijk: typ twee keer hetzelfde wachtwoord.',
    );
    expect(validationMessage(t, 'regex', 'Naam')).toBe(
      'Naam bevat tekens die hier niet mogen: kijk bij de uitleg onder het veld.',
    );
    expect(validationMessage(t, 'email', 'E-mail')).toBe(
      'E-mail is geen e-mailadres: het ziet eruit als naam@voorbeeld.nl.',
    );
    expect(validationMessage(t, 'non_ascii', 'Bestandsnaam')).toBe(
      'Bestandsnaam: gebruik alleen gewone letters, cijfers en leestekens, zonder accenten of tekens zoals é of €.',
    );
  });

  it('gives English texts in English', async () => {
    await i18n.changeLanguage('en');
    expect(validationMessage(t, 'required', 'Domain name')).toBe('Domain name: fill this in.');
    expect(validationMessage(t, 'non_ascii', 'File name')).toBe(
      'File name: use plain letters, digits and punctuation only, without accents or symbols such as é or €.',
    );
  });

  it('passes unknown messages through and nothing for no message', () => {
    expect(validationMessage(t, 'something odd', 'X')).toBe('something odd');
    expect(validationMessage(t, undefined, 'X')).toBeUndefined();
  });
});
