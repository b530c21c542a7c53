import type { MailMessage } from '../../platform/mailer/mailer.port.ts';
import { dutchDate, euro } from './invoice-pdf.ts';

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
 * yearly rate becomes.
 */
export function orderMail(m: OrderMailInput): MailMessage {
  const list = m.products.map((p) => `  - ${p}`).join('\n');
  const end = dutchDate(m.periodEnd);
  if (m.language === 'en') {
    return {
      to: m.to,
      subject: `Your order for ${m.domain} (invoice ${m.invoiceNumber})`,
      text: `Dear ${m.name},

Thank you for your order. We received your payment and have activated for ${m.domain}:

${list}

You paid ${euro(m.totalCents)} including VAT for the rest of the running period, until ${end}; for an upgrade, only the difference with what you had. From ${end} your annual rate is ${euro(m.annualNewCents)} including VAT.

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

Je hebt ${euro(m.totalCents)} inclusief btw betaald voor de rest van de lopende periode, tot ${end}; bij een upgrade alleen het verschil met wat je al had. Vanaf ${end} is je jaartarief ${euro(m.annualNewCents)} inclusief btw.

Factuur ${m.invoiceNumber} vind je in je controlepaneel onder Mijn producten:
${m.panelUrl}

Met vriendelijke groet,
Haven`,
  };
}
