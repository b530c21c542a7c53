import type { Language } from '@haven/contract';
import type { MailMessage } from '../../platform/mailer/mailer.port.ts';

const TEXTS = {
  nl: {
    subject: (domain: string) => `Nieuw wachtwoord voor ${domain}`,
    body: (domain: string, username: string, link: string) =>
      `Beste klant,\n\nU heeft een nieuw wachtwoord aangevraagd voor het controlepaneel van ${domain} (gebruikersnaam: ${username}).\n\nKies een nieuw wachtwoord via deze link (een uur geldig, eenmalig te gebruiken):\n${link}\n\nHeeft u dit niet aangevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd.\n`,
  },
  en: {
    subject: (domain: string) => `New password for ${domain}`,
    body: (domain: string, username: string, link: string) =>
      `Dear customer,\n\nYou asked for a new password for the control panel of ${domain} (username: ${username}).\n\nChoose a new password with this link (valid for one hour, single use):\n${link}\n\nDid not ask for this? Then ignore this e-mail; your password stays the same.\n`,
  },
} as const;

export function resetMail(
  lang: Language,
  to: string,
  domain: string,
  username: string,
  link: string,
): MailMessage {
  const t = TEXTS[lang];
  return { to, subject: t.subject(domain), text: t.body(domain, username, link) };
}
