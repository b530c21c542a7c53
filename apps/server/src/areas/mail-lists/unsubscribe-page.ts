import { escapeHtml } from '../../lib/escape-html.ts';

const TEXT = {
  nl: {
    title: 'Afmelden',
    ask: (a: string, l: string) => `Wil je ${a} afmelden van de mailinglijst ${l}?`,
    button: 'Afmelden',
    done: (a: string, l: string) => `${a} is afgemeld van ${l}.`,
    invalid: 'Deze afmeldlink is ongeldig of verlopen.',
  },
  en: {
    title: 'Unsubscribe',
    ask: (a: string, l: string) => `Unsubscribe ${a} from the mailing list ${l}?`,
    button: 'Unsubscribe',
    done: (a: string, l: string) => `${a} has been unsubscribed from ${l}.`,
    invalid: 'This unsubscribe link is not valid or has expired.',
  },
} as const;

export type PageLanguage = keyof typeof TEXT;

function page(lang: PageLanguage, body: string): string {
  const t = TEXT[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem"><main><h1>${t.title}</h1>${body}</main></body></html>`;
}

/** The confirm page of a link (GET): one button that posts the same URL. */
export const confirmPage = (lang: PageLanguage, address: string, list: string) =>
  page(
    lang,
    `<p>${escapeHtml(TEXT[lang].ask(address, list))}</p><form method="post"><button type="submit">${TEXT[lang].button}</button></form>`,
  );

export const donePage = (lang: PageLanguage, address: string, list: string) =>
  page(lang, `<p role="status">${escapeHtml(TEXT[lang].done(address, list))}</p>`);

export const invalidPage = (lang: PageLanguage) =>
  page(lang, `<p role="alert">${TEXT[lang].invalid}</p>`);
