import type { Language } from '@haven/contract';
import type { MailMessage } from '../../platform/mailer/mailer.port.ts';

const TEXTS = {
  nl: {
    subject: (domain: string) => `Nieuw wachtwoord voor ${domain}`,
    body: (domain: string, username: string, link: string) =>
      `Beste klant,\n\nJe hebt een nieuw wachtwoord aangevraagd voor het controlepaneel van ${domain} (gebruikersnaam: ${username}).\n\nKies een nieuw wachtwoord via deze link (een uur geldig, eenmalig te gebruiken):\n${link}\n\nHeb je dit niet aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft ongewijzigd.\n`,
  },
  en: {
    subject: (domain: string) => `New password for ${domain}`,
    body: (domain: string, username: string, link: string) =>
      `Dear customer,\n\nYou asked for a new password for the control panel of ${domain} (username: ${username}).\n\nChoose a new password with this link (valid for one hour, single use):\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.\n`,
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

const DONE_TEXTS = {
  nl: {
    subject: (domain: string) => `Je wachtwoord voor ${domain} is gewijzigd`,
    body: (domain: string, username: string) =>
      `Beste klant,\n\nHet wachtwoord voor het controlepaneel van ${domain} (gebruikersnaam: ${username}) is zojuist gewijzigd via een herstellink. Alle andere sessies zijn beëindigd.\n\nHeb je dit niet zelf gedaan? Vraag dan direct een nieuw wachtwoord aan en neem contact met ons op.\n`,
  },
  en: {
    subject: (domain: string) => `Your password for ${domain} was changed`,
    body: (domain: string, username: string) =>
      `Dear customer,\n\nThe password for the control panel of ${domain} (username: ${username}) was just changed with a reset link. Every other session was ended.\n\nIf you did not do this yourself, ask for a new password at once and contact us.\n`,
  },
} as const;

/** The notice after a successful reset: the owner learns of a reset they did not make. */
export function resetDoneMail(
  lang: Language,
  to: string,
  domain: string,
  username: string,
): MailMessage {
  const t = DONE_TEXTS[lang];
  return { to, subject: t.subject(domain), text: t.body(domain, username) };
}
