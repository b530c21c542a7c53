import type { MailMessage } from '../../platform/mailer/mailer.port.ts';
import { formatDay, formatEuro } from './shop-format.ts';

export interface OrderMailInput {
  to: string;
  name: string;
  language: 'nl' | 'en';
  domain: string;
  products: string[];
  invoiceNumber: string;
  totalCents: number;
  annualNewCents: number;
  periodEnd: string;
  panelUrl: string;
}

/**
 * The order confirmation, in the customer's language (Dutch informal, as the panel). It says what
 * the amount paid is (the rest of the running period; for an upgrade the difference) and what the
 * yearly rate becomes; amounts and days in the language's own form (`€ 12,50` / `€12.50`).
 */
export function orderMail(m: OrderMailInput): MailMessage {
  const list = m.products.map((p) => `  - ${p}`).join('\n');
  const end = formatDay(m.periodEnd, m.language);
  const paid = formatEuro(m.totalCents, m.language);
  const annual = formatEuro(m.annualNewCents, m.language);
  if (m.language === 'en') {
    return {
      to: m.to,
      subject: `Your order for ${m.domain} (invoice ${m.invoiceNumber})`,
      text: `Dear ${m.name},

Thank you for your order. We received your payment and have activated for ${m.domain}:

${list}

You paid ${paid} including VAT for the rest of the running period, until ${end}; for an upgrade, only the difference with what you had. From ${end} your annual rate is ${annual} including VAT.

Invoice ${m.invoiceNumber} is in your control panel under My products:
${m.panelUrl}

Kind regards,
Haven`,
    };
  }
  return {
    to: m.to,
    subject: `Je bestelling voor ${m.domain} (factuur ${m.invoiceNumber})`,
    text: `Beste ${m.name},

Bedankt voor je bestelling. We hebben je betaling ontvangen en voor ${m.domain} geactiveerd:

${list}

Je hebt ${paid} inclusief btw betaald voor de rest van de lopende periode, tot ${end}; bij een upgrade alleen het verschil met wat je al had. Vanaf ${end} is je jaartarief ${annual} inclusief btw.

Factuur ${m.invoiceNumber} vind je in je controlepaneel onder Mijn producten:
${m.panelUrl}

Met vriendelijke groet,
Haven`,
  };
}
