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

/** The order confirmation, in the customer's language. */
export function orderMail(m: OrderMailInput): MailMessage {
  const list = m.products.map((p) => `  - ${p}`).join('\n');
  if (m.language === 'en') {
    return {
      to: m.to,
      subject: `Your order for ${m.domain} (invoice ${m.invoiceNumber})`,
      text: `Dear ${m.name},

Thank you for your order. We received your payment of ${euro(m.totalCents)} and have activated for ${m.domain}:

${list}

Invoice ${m.invoiceNumber} is in the helpdesk of your control panel. From ${dutchDate(m.periodEnd)} your annual rate is ${euro(m.annualNewCents)} including VAT.

${m.panelUrl}

Kind regards,
Haven`,
    };
  }
  return {
    to: m.to,
    subject: `Uw bestelling voor ${m.domain} (factuur ${m.invoiceNumber})`,
    text: `Beste ${m.name},

Bedankt voor uw bestelling. We hebben uw betaling van ${euro(m.totalCents)} ontvangen en voor ${m.domain} geactiveerd:

${list}

Factuur ${m.invoiceNumber} staat in de helpdesk van uw controlepaneel. Vanaf ${dutchDate(m.periodEnd)} is uw jaarbedrag ${euro(m.annualNewCents)} inclusief btw.

${m.panelUrl}

Met vriendelijke groet,
Haven`,
  };
}
